import { useEffect } from 'react';
import { useBlocker } from 'react-router';

export const UNSAVED_CHANGES_MESSAGE =
  'Aveți modificări nesalvate. Sigur doriți să părăsiți pagina?';

/**
 * The browser warns about unsaved changes on leaving a page. In-app navigation is
 * caught by the router's blocker and confirmed with the operator; closing or reloading the
 * tab is caught by `beforeunload`, where browsers show their own text.
 * Changing only the query string or hash (a tab switch) is not leaving the page.
 */
export function useUnsavedChangesWarning(isDirty: boolean): void {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      isDirty && currentLocation.pathname !== nextLocation.pathname,
  );

  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    if (window.confirm(UNSAVED_CHANGES_MESSAGE)) blocker.proceed();
    else blocker.reset();
  }, [blocker]);

  useEffect(() => {
    if (!isDirty) return;
    const handleBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older Chromium needs returnValue set to show the prompt.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', handleBeforeUnload);
    return () => window.removeEventListener('beforeunload', handleBeforeUnload);
  }, [isDirty]);
}

import { Alert } from '@mantine/core';

/** The page exists, but the logged-in person may not open it (a 403, not a 404). */
export const NO_ACCESS_TITLE = 'Nu aveți acces la această pagină.';
export const NO_ACCESS_TEXT =
  'Contul dumneavoastră nu are dreptul să o deschidă. Dacă aveți nevoie de ea, cereți acces unui administrator al firmei.';

/** Said instead of "not found" when the person lacks the right, so nobody hunts for a missing record. */
export function NoAccess() {
  return (
    <Alert color="orange" variant="light" title={NO_ACCESS_TITLE} data-testid="no-access">
      {NO_ACCESS_TEXT}
    </Alert>
  );
}

import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { createMemoryRouter, Link, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { UNSAVED_CHANGES_MESSAGE, useUnsavedChangesWarning } from './use-unsaved-changes-warning';

function EditPage() {
  const [value, setValue] = useState('');
  useUnsavedChangesWarning(value !== '');
  return (
    <div>
      <label>
        Nume
        <input value={value} onChange={(event) => setValue(event.currentTarget.value)} />
      </label>
      <Link to="/other">Altă pagină</Link>
      <Link to="/edit?tab=2">Alt tab</Link>
    </div>
  );
}

function renderRoutes() {
  const router = createMemoryRouter(
    [
      { path: '/edit', element: <EditPage /> },
      { path: '/other', element: <p>Altă pagină deschisă</p> },
    ],
    { initialEntries: ['/edit'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

const typeName = () =>
  fireEvent.change(screen.getByLabelText('Nume'), { target: { value: 'Ion' } });

// happy-dom has no dialogs: stand in for the browser's confirm().
const stubConfirm = (answer: boolean) => {
  const confirm = vi.fn((_message?: string) => answer);
  vi.stubGlobal('confirm', confirm);
  return confirm;
};

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('useUnsavedChangesWarning', () => {
  it('lets a clean page go without asking', async () => {
    const confirm = stubConfirm(true);
    const router = renderRoutes();
    await act(async () => fireEvent.click(screen.getByText('Altă pagină')));
    expect(confirm).not.toHaveBeenCalled();
    expect(router.state.location.pathname).toBe('/other');
  });

  it('asks before leaving a dirty page and stays when refused', async () => {
    const confirm = stubConfirm(false);
    const router = renderRoutes();
    typeName();
    await act(async () => fireEvent.click(screen.getByText('Altă pagină')));
    expect(confirm).toHaveBeenCalledWith(UNSAVED_CHANGES_MESSAGE);
    expect(router.state.location.pathname).toBe('/edit');
    expect(screen.getByLabelText('Nume')).toHaveProperty('value', 'Ion');
  });

  it('leaves when confirmed', async () => {
    stubConfirm(true);
    const router = renderRoutes();
    typeName();
    await act(async () => fireEvent.click(screen.getByText('Altă pagină')));
    expect(router.state.location.pathname).toBe('/other');
    expect(screen.getByText('Altă pagină deschisă')).toBeTruthy();
  });

  it('does not ask for a query-string change on the same page', async () => {
    const confirm = stubConfirm(true);
    const router = renderRoutes();
    typeName();
    await act(async () => fireEvent.click(screen.getByText('Alt tab')));
    expect(confirm).not.toHaveBeenCalled();
    expect(router.state.location.search).toBe('?tab=2');
  });

  it('blocks unloading the tab only while dirty', () => {
    renderRoutes();
    const clean = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(clean);
    expect(clean.defaultPrevented).toBe(false);

    typeName();
    const dirty = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(dirty);
    expect(dirty.defaultPrevented).toBe(true);
  });
});

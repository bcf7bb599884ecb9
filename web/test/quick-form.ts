import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { expect } from 'vitest';

/**
 * Fills the v2 quick form as a dispatcher does: types an address, takes the first
 * suggestion with Enter (the search answers `onePlaceRoutes`), then phone and name. Waits up to
 * 5 s for the form: the first render loads the lazy route chunks.
 */
export async function fillQuickForm(): Promise<void> {
  const address = await screen.findByTestId('quick-address', {}, { timeout: 5000 });
  fireEvent.focus(address);
  fireEvent.change(address, { target: { value: 'stefan' } });
  await screen.findByTestId('quick-address-option-0', {}, { timeout: 2000 });
  await act(async () => fireEvent.keyDown(address, { key: 'Enter' }));
  await waitFor(() =>
    expect((address as HTMLInputElement).value).toBe('Strada Ștefan cel Mare 1, Iași'),
  );
  fireEvent.change(screen.getByTestId('quick-phone'), { target: { value: '0722111222' } });
  fireEvent.change(screen.getByTestId('quick-name'), { target: { value: 'Ion' } });
}

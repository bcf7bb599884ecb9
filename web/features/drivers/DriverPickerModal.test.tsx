import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, stubFetch } from '../../test/fetch-stub';
import { dispatcher } from '../../test/order-fixtures';
import { renderUi } from '../../test/render-ui';
import { DriverPickerModal } from './DriverPickerModal';

afterEach(() => vi.unstubAllGlobals());

interface PickerProps {
  initial?: number;
  onSubmit: () => Promise<unknown>;
  onClose: () => void;
}

function Picker({ initial, onSubmit, onClose }: PickerProps) {
  const [driverId, setDriverId] = useState<number | null>(initial ?? null);
  return (
    <DriverPickerModal
      opened
      title="Alege"
      hint="Un șofer."
      field={{ label: 'Șofer', value: driverId, onPick: (id) => setDriverId(id) }}
      submitLabel="Alocă"
      submitting={false}
      check={() => (driverId === null ? 'Alegeți un șofer' : null)}
      onSubmit={onSubmit}
      onClose={onClose}
      testIds={{ modal: 'picker', field: 'picker-driver', submit: 'picker-submit' }}
    >
      <p data-testid="picked">{driverId ?? 'niciunul'}</p>
    </DriverPickerModal>
  );
}

describe('DriverPickerModal', () => {
  it('refuses with the check message, clears it on a pick, and closes once sent', async () => {
    stubFetch({
      'GET /api/users': () =>
        json(200, {
          data: [{ id: 7, name: 'Ion Pop', identifier: '107', default_car: { indicativ: '107' } }],
          meta: { total: 1, page: 1, per_page: 30 },
        }),
    });
    const onSubmit = vi.fn().mockResolvedValue(undefined);
    const onClose = vi.fn();
    renderUi(<Picker onSubmit={onSubmit} onClose={onClose} />, { user: dispatcher });
    expect(await screen.findByText('Un șofer.')).toBeTruthy();

    fireEvent.click(screen.getByTestId('picker-submit'));
    expect(await screen.findByText('Alegeți un șofer')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();

    const input = screen.getByTestId('picker-driver');
    fireEvent.change(input, { target: { value: '107' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    await waitFor(() => expect(screen.getByTestId('picked').textContent).toBe('7'));
    expect(screen.queryByText('Alegeți un șofer')).toBeNull();

    fireEvent.click(screen.getByTestId('picker-submit'));
    await waitFor(() => expect(onClose).toHaveBeenCalledOnce());
    expect(onSubmit).toHaveBeenCalledOnce();
  });

  it("stays open when sending fails; 'Renunță' closes", async () => {
    stubFetch({
      'GET /api/users': () => json(200, { data: [], meta: { total: 0, page: 1, per_page: 30 } }),
    });
    const onSubmit = vi.fn().mockRejectedValue(new Error('refuzat'));
    const onClose = vi.fn();
    renderUi(<Picker initial={7} onSubmit={onSubmit} onClose={onClose} />, { user: dispatcher });
    fireEvent.click(await screen.findByTestId('picker-submit'));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledOnce());
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByTestId('picker')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Renunță' }));
    expect(onClose).toHaveBeenCalledOnce();
  });
});

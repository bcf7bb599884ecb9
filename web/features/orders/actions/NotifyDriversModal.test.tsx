import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { json, stubFetch } from '../../../test/fetch-stub';
import { dispatcher } from '../../../test/order-fixtures';
import { renderUi } from '../../../test/render-ui';
import { NotifyDriversModal } from './NotifyDriversModal';

const driver = (id: number, indicativ: string, name: string) => ({
  id,
  name,
  identifier: indicativ,
  default_car: { indicativ },
});

describe('NotifyDriversModal (notify selected drivers)', () => {
  it("asks for drivers first ('Vă rugăm să selectați soferi'), then sends the ones picked", async () => {
    stubFetch({
      'GET /api/users': () =>
        json(200, {
          data: [driver(7, '107', 'Ion Pop')],
          meta: { total: 1, page: 1, per_page: 30 },
        }),
    });
    const onSubmit = vi.fn().mockResolvedValue(undefined);
    renderUi(
      <NotifyDriversModal
        orderId={12}
        driverLabel="Șofer"
        submitting={false}
        onClose={() => {}}
        onSubmit={onSubmit}
      />,
      { user: dispatcher },
    );
    fireEvent.click(await screen.findByTestId('notify-drivers-submit'));
    expect(await screen.findByText('Vă rugăm să selectați soferi')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();

    const input = screen.getByTestId('notify-drivers-select');
    fireEvent.change(input, { target: { value: '107' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    await waitFor(() =>
      expect(screen.getByTestId('notify-drivers-chosen').textContent).toContain('107 · Ion Pop'),
    );
    fireEvent.click(screen.getByTestId('notify-drivers-submit'));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith(12, [7]));
  });
});

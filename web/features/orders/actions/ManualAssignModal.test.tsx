import type { CandidateDriver, CandidateDrivers } from '@common/drivers/candidates.schema';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, stubFetch } from '../../../test/fetch-stub';
import { dispatcher } from '../../../test/order-fixtures';
import { renderUi } from '../../../test/render-ui';
import { ORDER_MESSAGES } from '../messages';
import { ManualAssignModal } from './ManualAssignModal';

afterEach(() => vi.unstubAllGlobals());

const candidate = (
  id: number,
  indicativ: string,
  name: string,
  state: CandidateDriver['state'],
  distance_km: number | null,
): CandidateDriver => ({ id, indicativ, name, state, distance_km });

const CANDIDATES: CandidateDrivers = {
  data: [
    candidate(11, '112', 'Ion Popa', 'free', 0.42),
    candidate(12, '105', 'Ștefan Năstase', 'free', 2.35),
    candidate(13, '120', 'Maria Ionescu', 'busy', 0.2),
    candidate(14, '130', 'Dan Rusu', 'offline', null),
  ],
  total: 4,
};

function open(onSubmit = vi.fn().mockResolvedValue(undefined)) {
  const api = stubFetch({
    'GET /api/orders/9/candidate-drivers': () => json(200, CANDIDATES),
  });
  renderUi(
    <ManualAssignModal
      orderId={9}
      driverLabel="Șofer"
      submitting={false}
      onClose={() => {}}
      onSubmit={onSubmit}
    />,
    { user: dispatcher },
  );
  return { api, onSubmit };
}

const rows = () => screen.getAllByTestId('candidate-row');
const rowText = (row: HTMLElement) =>
  Array.from(row.children, (cell) => cell.textContent).join(' | ');

describe('ManualAssignModal', () => {
  it('lists the order’s drivers one a line, nearest free first, busy and offline marked', async () => {
    const { api } = open();
    await waitFor(() => expect(rows()).toHaveLength(4));
    expect(rows().map(rowText)).toEqual([
      '112 | Ion Popa | Liber | 0,4 km',
      '105 | Ștefan Năstase | Liber | 2,4 km',
      '120 | Maria Ionescu | Ocupat | 0,2 km',
      '130 | Dan Rusu | Deconectat | —',
    ]);
    expect(rows().map((row) => row.getAttribute('data-state'))).toEqual([
      'free',
      'free',
      'busy',
      'offline',
    ]);
    expect(api.calls('GET /api/orders/9/candidate-drivers')).toHaveLength(1);
  });

  it('filters by call sign or name as one types, and refuses without a driver', async () => {
    open();
    await waitFor(() => expect(rows()).toHaveLength(4));
    const field = screen.getByTestId('manual-assign-driver');
    fireEvent.change(field, { target: { value: '10' } });
    expect(rows().map((row) => row.getAttribute('data-driver-id'))).toEqual(['12']);
    fireEvent.change(field, { target: { value: 'stefan' } });
    expect(rows().map((row) => row.getAttribute('data-driver-id'))).toEqual(['12']);
    fireEvent.change(field, { target: { value: '999' } });
    expect(screen.getByTestId('manual-assign-driver-empty').textContent).toBe('Niciun șofer găsit');
    fireEvent.click(screen.getByTestId('manual-assign-submit'));
    expect(await screen.findByText(ORDER_MESSAGES.selectDriver)).toBeTruthy();
  });

  it('moves with the arrows, picks with Enter and assigns with a second Enter', async () => {
    const { onSubmit } = open();
    await waitFor(() => expect(rows()).toHaveLength(4));
    const field = screen.getByTestId('manual-assign-driver');
    expect(rows()[0]?.getAttribute('data-active')).toBe('true');
    fireEvent.keyDown(field, { key: 'ArrowDown' });
    fireEvent.keyDown(field, { key: 'ArrowDown' });
    fireEvent.keyDown(field, { key: 'ArrowUp' });
    expect(rows()[1]?.getAttribute('data-active')).toBe('true');
    fireEvent.keyDown(field, { key: 'Enter' });
    expect(rows()[1]?.getAttribute('aria-selected')).toBe('true');
    expect(onSubmit).not.toHaveBeenCalled();
    fireEvent.keyDown(field, { key: 'Enter' });
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith(9, 12));
  });

  it('picks a driver with a click', async () => {
    const { onSubmit } = open();
    await waitFor(() => expect(rows()).toHaveLength(4));
    fireEvent.click(within(rows()[3] as HTMLElement).getByText('Dan Rusu'));
    fireEvent.click(screen.getByTestId('manual-assign-submit'));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith(9, 14));
  });
});

import { describe, expect, it } from 'vitest';
import { historyEvent } from './OrderHistoryList';

describe('order history events', () => {
  it("tells a dispatcher's cancel reason, type and text", () => {
    expect(
      historyEvent({
        type: 'canceled',
        details: { reason_type: 'client_unreachable', reason: 'Nu răspunde' },
      }),
    ).toBe('Anulată: Clientul nu răspunde: Nu răspunde');
    expect(historyEvent({ type: 'canceled', details: { reason_type: 'duplicate_order' } })).toBe(
      'Anulată: Comandă dublă',
    );
    expect(
      historyEvent({
        type: 'canceled',
        details: { reason_type: 'dispatcher_canceled', reason: 'Adresă greșită' },
      }),
    ).toBe('Anulată: Adresă greșită');
  });

  it('names other events, and a cancel without a reason, as before', () => {
    expect(historyEvent({ type: 'canceled', details: null })).toBe('Anulată');
    expect(
      historyEvent({ type: 'canceled', details: { reason_type: 'dispatcher_canceled' } }),
    ).toBe('Anulată');
    expect(historyEvent({ type: 'driver_arrived', details: null })).toBe('Șofer sosit la client');
    expect(historyEvent({ type: 'something_new', details: null })).toBe('something_new');
  });
});

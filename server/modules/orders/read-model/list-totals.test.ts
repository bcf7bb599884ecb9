import { ListOrdersQuerySchema, ORDER_COUNT_CAP } from '@common/orders/orders.schema';
import { describe, expect, it } from 'vitest';
import { CAPPED_MAX_AGE_MS, CAPPED_RECHECK_MS, createListTotals } from './list-totals';

const scope = { kind: 'companies' as const, processedBy: [3], billedTo: [] };
const query = (extra: Record<string, string> = {}) => ListOrdersQuerySchema.parse(extra);
const order = { processed_by_company_id: 3, created_by_company_id: 3 };

describe('GET /api/orders totals (no full count per request)', () => {
  it('counts once for every page of the same list', async () => {
    const totals = createListTotals();
    let loads = 0;
    const load = async () => ++loads;
    expect(await totals.count(scope, query({ page: '1' }), load)).toBe(1);
    expect(await totals.count(scope, query({ page: '1000' }), load)).toBe(1);
    expect(await totals.count(scope, query({ states: 'finished' }), load)).toBe(2);
  });

  it('counts again after a change to the scope’s orders, not after another company’s', async () => {
    const totals = createListTotals();
    let value = 5;
    const load = async () => value;
    expect(await totals.count(scope, query(), load)).toBe(5);
    value = 6;
    totals.companiesChanged([9]);
    expect(await totals.count(scope, query(), load)).toBe(5);
    totals.companiesChanged([order.processed_by_company_id]);
    expect(await totals.count(scope, query(), load)).toBe(6);
  });

  it('keeps a capped total ("more than 10 000") through changes, recounting it in the background', async () => {
    let clock = 0;
    const totals = createListTotals(1_000, () => clock);
    let loads = 0;
    let total = ORDER_COUNT_CAP + 1;
    const load = async () => {
      loads++;
      return total;
    };
    await totals.count(scope, query(), load);
    totals.companiesChanged([order.processed_by_company_id]);
    clock += CAPPED_RECHECK_MS - 1;
    expect(await totals.count(scope, query(), load)).toBe(ORDER_COUNT_CAP + 1);
    expect(loads).toBe(1);

    // Orders left the list: the recheck runs behind an answer that does not wait for it…
    total = ORDER_COUNT_CAP - 5;
    clock += 1;
    expect(await totals.count(scope, query(), load)).toBe(ORDER_COUNT_CAP + 1);
    expect(loads).toBe(2);
    // …and from then on the list is counted exactly, and dropped by changes again.
    expect(await totals.count(scope, query(), load)).toBe(ORDER_COUNT_CAP - 5);
    total = ORDER_COUNT_CAP - 4;
    totals.companiesChanged([order.processed_by_company_id]);
    expect(await totals.count(scope, query(), load)).toBe(ORDER_COUNT_CAP - 4);
  });

  it('recounts a capped total only when orders may have left it, or after its longest lifetime', async () => {
    let clock = 0;
    const totals = createListTotals(1_000, () => clock);
    let loads = 0;
    const load = async () => {
      loads++;
      return ORDER_COUNT_CAP + 3;
    };
    await totals.count(scope, query(), load);
    // Placed orders only make a list longer; another company's changes do not touch it.
    totals.companiesChanged([order.processed_by_company_id], true);
    totals.companiesChanged([9]);
    clock += CAPPED_RECHECK_MS * 3;
    await totals.count(scope, query(), load);
    expect(loads).toBe(1);
    // A change that may have taken orders out of it: counted again once the interval is over.
    totals.companiesChanged([order.processed_by_company_id]);
    await totals.count(scope, query(), load);
    expect(loads).toBe(2);
    clock += CAPPED_RECHECK_MS;
    await totals.count(scope, query(), load);
    expect(loads).toBe(2);
    // Untold changes (direct database edits) are caught after the longest lifetime.
    clock += CAPPED_MAX_AGE_MS;
    await totals.count(scope, query(), load);
    expect(loads).toBe(3);
  });

  it('keeps a capped total when its recount fails, and tries again later', async () => {
    let clock = 0;
    const totals = createListTotals(1_000, () => clock);
    let fail = false;
    let loads = 0;
    const load = async () => {
      loads++;
      if (fail) throw new Error('database gone');
      return ORDER_COUNT_CAP + 7;
    };
    await totals.count(scope, query(), load);
    fail = true;
    totals.companiesChanged([order.processed_by_company_id]);
    clock += CAPPED_RECHECK_MS;
    expect(await totals.count(scope, query(), load)).toBe(ORDER_COUNT_CAP + 7);
    await Promise.resolve();
    expect(await totals.count(scope, query(), load)).toBe(ORDER_COUNT_CAP + 7);
    expect(loads).toBe(2);
    clock += CAPPED_RECHECK_MS;
    fail = false;
    await totals.count(scope, query(), load);
    expect(loads).toBe(3);
  });
});

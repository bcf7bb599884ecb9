import { DEFAULT_SEARCH_ITEM, type SearchItem } from '@common/dispatch/search-method.schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCompany, buildDriver } from '../../../db/factories';
import { createTestApp, type TestApp } from '../../../test/harness';
import { insertPriority } from './priority.repo';
import { insertInterval, insertMethod, sortIntervals } from './search-config.repo';
import { planFor, priorityDriverIds } from './search-plan';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const step = (overrides: Partial<SearchItem>): SearchItem => ({
  ...DEFAULT_SEARCH_ITEM,
  ...overrides,
});
/** UTC ms of a UTC wall-clock text. */
const at = (utc: string) => Date.parse(`${utc.replace(' ', 'T')}Z`);

async function addInterval(
  companyId: number,
  type: 'weekdays' | 'custom',
  value: {
    time_from: string;
    time_to: string;
    selected_day?: number | null;
    custom_day?: string | null;
  },
  items: SearchItem[],
) {
  const method = await insertMethod(t.db, companyId, { items });
  const id = await insertInterval(t.db, companyId, {
    type,
    value: { selected_day: null, custom_day: null, ...value },
    methodId: method.id,
    newMethodItems: [],
  });
  if (id === undefined) throw new Error('not inserted');
  return { id, methodId: method.id };
}

describe('planFor (the interval decides the method)', () => {
  it('with no interval that applies: the default step on no method', async () => {
    const company = (await buildCompany(t.db)).id;
    expect(await planFor(t.db, company, at('2026-07-06 09:00:00'))).toEqual({
      method_id: null,
      interval_id: null,
      items: [DEFAULT_SEARCH_ITEM],
    });
    await addInterval(company, 'weekdays', { time_from: '01:00:00', time_to: '02:00:00' }, [
      step({ search_type: 'by_radius' }),
    ]);
    expect((await planFor(t.db, company, at('2026-07-06 09:00:00'))).method_id).toBeNull();
  });

  it('takes the first interval in position order that applies on the Bucharest clock', async () => {
    const company = (await buildCompany(t.db)).id;
    const other = (await buildCompany(t.db)).id;
    // Monday 2026-07-06; Bucharest is UTC+3 in July.
    const nights = await addInterval(
      company,
      'weekdays',
      { time_from: '22:00:00', time_to: '23:59:59' },
      [step({ search_type: 'by_near_zone' })],
    );
    const mondays = await addInterval(
      company,
      'weekdays',
      { time_from: '08:00:00', time_to: '18:00:00', selected_day: 1 },
      [step({ search_type: 'by_radius', search_limit: 3000 }), step({ search_type: 'by_zone' })],
    );
    const christmas = await addInterval(
      company,
      'custom',
      { time_from: '00:00:00', time_to: '23:59:59', custom_day: '2026-12-25' },
      [step({ notification_method: 'by_rotation' })],
    );
    const everyDay = await addInterval(
      company,
      'weekdays',
      { time_from: '00:00:00', time_to: '23:59:59' },
      [step({ search_order_by: 'any' })],
    );
    // Another company's all-day interval never leaks in.
    await addInterval(other, 'weekdays', { time_from: '00:00:00', time_to: '23:59:59' }, [
      step({ search_type: 'by_route' }),
    ]);

    // 08:00 Bucharest on a Monday = 05:00 UTC: both ends of the window count.
    const monday = await planFor(t.db, company, at('2026-07-06 05:00:00'));
    expect(monday).toEqual({
      method_id: mondays.methodId,
      interval_id: mondays.id,
      items: [
        step({ search_type: 'by_radius', search_limit: 3000 }),
        step({ search_type: 'by_zone' }),
      ],
    });
    expect((await planFor(t.db, company, at('2026-07-06 15:00:00'))).interval_id).toBe(mondays.id);
    expect((await planFor(t.db, company, at('2026-07-06 15:00:01'))).interval_id).toBe(everyDay.id);
    // 04:59:59 UTC is 07:59:59 in Bucharest: before the Monday window.
    expect((await planFor(t.db, company, at('2026-07-06 04:59:59'))).interval_id).toBe(everyDay.id);
    // Tuesday 10:00 Bucharest: not Monday's.
    expect((await planFor(t.db, company, at('2026-07-07 07:00:00'))).interval_id).toBe(everyDay.id);
    // Sunday 23:00 Bucharest (20:00 UTC): the nights interval is first.
    expect((await planFor(t.db, company, at('2026-07-05 20:00:00'))).interval_id).toBe(nights.id);
    // Christmas 2026 is a Friday; Bucharest is UTC+2 in December. 10:00 → custom day.
    expect((await planFor(t.db, company, at('2026-12-25 08:00:00'))).interval_id).toBe(
      christmas.id,
    );
    // 23:30 on Christmas: the nights interval is before it in the order.
    expect((await planFor(t.db, company, at('2026-12-25 21:30:00'))).interval_id).toBe(nights.id);
    // Christmas 00:30 Bucharest is still 24 December in UTC.
    expect((await planFor(t.db, company, at('2026-12-24 22:30:00'))).interval_id).toBe(
      christmas.id,
    );

    // A new order puts the every-day interval first: it wins everywhere.
    await sortIntervals(
      t.db,
      company,
      [everyDay.id, nights.id, mondays.id, christmas.id],
      () => null,
    );
    expect((await planFor(t.db, company, at('2026-07-06 05:00:00'))).interval_id).toBe(everyDay.id);
  });
});

describe('priorityDriverIds (driver priority intervals)', () => {
  it('the drivers of the companies’ intervals active now, both ends included', async () => {
    const company = (await buildCompany(t.db)).id;
    const other = (await buildCompany(t.db)).id;
    const [a, b, c, d] = await Promise.all([
      buildDriver(t.db, company),
      buildDriver(t.db, company),
      buildDriver(t.db, company),
      buildDriver(t.db, other),
    ]);
    await insertPriority(t.db, company, {
      from: '2026-05-01 08:00:00',
      to: '2026-05-01 12:00:00',
      driverIds: [a.id, b.id],
    });
    await insertPriority(t.db, company, {
      from: '2026-05-01 11:00:00',
      to: '2026-05-01 18:00:00',
      driverIds: [b.id, c.id],
    });
    await insertPriority(t.db, other, {
      from: '2026-05-01 00:00:00',
      to: '2026-05-02 00:00:00',
      driverIds: [d.id],
    });
    const sorted = async (companies: number[], now: string) =>
      [...(await priorityDriverIds(t.db, companies, now))].sort((x, y) => x - y);
    // Built at once, the drivers' ids come in any order (several connections on PostgreSQL).
    const ids = (...list: number[]) => list.sort((x, y) => x - y);

    expect(await sorted([company], '2026-05-01 07:59:59')).toEqual([]);
    expect(await sorted([company], '2026-05-01 08:00:00')).toEqual(ids(a.id, b.id));
    expect(await sorted([company], '2026-05-01 11:30:00')).toEqual(ids(a.id, b.id, c.id));
    expect(await sorted([company], '2026-05-01 12:00:01')).toEqual(ids(b.id, c.id));
    expect(await sorted([company], '2026-05-01 18:00:00')).toEqual(ids(b.id, c.id));
    expect(await sorted([company], '2026-05-01 18:00:01')).toEqual([]);
    expect(await sorted([company, other], '2026-05-01 19:00:00')).toEqual([d.id]);
    expect(await sorted([], '2026-05-01 10:00:00')).toEqual([]);
  });
});

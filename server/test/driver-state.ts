import type { DriverStateRow } from '../modules/drivers/live/driver-index';

/** A free, online driver of company 1, as the drivers' change stream carries him (unit tests). */
export const driverState = (
  id: number,
  overrides: Partial<DriverStateRow> = {},
): DriverStateRow => ({
  driver_id: id,
  company_ids: [1],
  indicativ: String(100 + id),
  is_online: true,
  is_paused: false,
  is_busy: false,
  high_priority: false,
  ban_until: null,
  ban_reason: null,
  idle_from: '2026-11-26 08:00:00',
  balances: {},
  seq: 1,
  ...overrides,
});

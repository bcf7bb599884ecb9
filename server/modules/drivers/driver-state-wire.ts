import type { DriverState } from '@common/drivers/drivers.schema';
import type { DriverStateRow } from './live/driver-index';

/** A driver's durable state as the wire carries it (DriverStateSchema). */
export const driverStateOf = (driver: DriverStateRow): DriverState => ({
  driver_id: driver.driver_id,
  is_online: driver.is_online,
  is_paused: driver.is_paused,
  is_busy: driver.is_busy,
  high_priority: driver.high_priority,
  ban_until: driver.ban_until,
  ban_reason: driver.ban_reason,
  idle_from: driver.idle_from,
  seq: driver.seq,
});

import { CurrentPositionSchema, type PositionAck } from '@common/drivers/drivers.schema';
import type { AuthContext } from '../../../http/auth-context';
import { fieldErrorsOf } from '../../../realtime/socket-refusals';
import type { DriverIndex, LiveDriver } from './driver-index';
import type { PositionFanout } from './position-fanout';
import type { PositionFlush } from './position-flush';

export const ONLY_DRIVERS = 'Doar șoferii trimit poziții.';
export const NOT_A_POSITION = 'Poziția trebuie să fie un obiect {long, lat}.';

const refused = (field: string, message: string): PositionAck => ({
  ok: false,
  errors: { [field]: [message] },
});

/**
 * `currentPosition` from a driver's socket, the hot path (a
 * budget of ~35 µs a message): validate, move the driver in the index (zone and stands follow),
 * mark the position for the next batched flush and the next fan-out. No I/O here. The driver
 * is the socket's user, never the payload's `userId`; a malformed or out-of-range position is
 * refused field by field and stored nowhere.
 */
export function createPositionIngest(deps: {
  index: DriverIndex;
  flush: PositionFlush;
  fanout: PositionFanout;
  /** Whether a zone is one of the driver's companies' (zone index). */
  ownsZone: (driver: LiveDriver, polygonId: number) => boolean;
  now?: () => number;
}) {
  const now = deps.now ?? Date.now;
  return function currentPosition(auth: AuthContext, payload: unknown): PositionAck {
    if (!auth.roles.includes('driver')) return refused('userId', ONLY_DRIVERS);
    if (payload === null || typeof payload !== 'object') return refused('position', NOT_A_POSITION);
    const parsed = CurrentPositionSchema.safeParse(payload);
    if (!parsed.success) return { ok: false, errors: fieldErrorsOf(parsed.error, 'position') };
    const { long, lat, orderId } = parsed.data;
    const driver = deps.index.move(auth.userId, {
      long,
      lat,
      orderId: orderId ?? null,
      reportedMs: now(),
    });
    // Not in the index: the user lost the driver role since his session began.
    if (!driver) return refused('userId', ONLY_DRIVERS);
    // polygonId: the zone he chose in his app (by_near_stand_and_polygon_manually),
    // kept only when it is one of his companies' zones; checked when it changes, not per message.
    const declared = typeof parsed.data.polygonId === 'number' ? parsed.data.polygonId : null;
    if (declared !== driver.declaredPolygonId)
      deps.index.declare(
        driver,
        declared !== null && deps.ownsZone(driver, declared) ? declared : null,
      );
    deps.flush.add({
      driverId: driver.driver_id,
      long,
      lat,
      polygonId: driver.polygonId,
      orderId: driver.orderId,
      reportedAt: driver.reported_at ?? '',
    });
    deps.fanout.received(driver);
    return { ok: true };
  };
}

export type PositionIngest = ReturnType<typeof createPositionIngest>;

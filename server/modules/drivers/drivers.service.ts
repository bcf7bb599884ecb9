import type {
  DriverPosition,
  DriverState,
  DriversInfo,
  ZoneStatistics,
} from '@common/drivers/drivers.schema';
import { notFound } from '../../http/app-error';
import { type AuthContext, isAdmin } from '../../http/auth-context';
import type { ZoneIndex } from '../zones/zone-index';
import { driverStateOf } from './driver-state-wire';
import type { Fleet } from './fleet';
import { isFree, toWirePosition, utcText } from './live/driver-index';

/** The companies whose drivers a caller sees; null for the platform admin (every company). */
const companiesOf = (auth: AuthContext): ReadonlySet<number> | null =>
  isAdmin(auth) ? null : new Set(auth.companyIds);

/**
 * What dispatchers read of the live fleet: every answer comes from this node's
 * driver index, which follows the drivers' change stream and the positions, never from a
 * table scan per poll.
 */
export function createDriversService(deps: { fleet: Fleet; zones: () => ZoneIndex }) {
  const { index } = deps.fleet;

  return {
    /** GET /api/drivers-positions: the online drivers of the caller's companies. */
    positions(auth: AuthContext): DriverPosition[] {
      return index.onMap(companiesOf(auth)).map(toWirePosition);
    },

    /** GET /api/polygons/statistics: busy and free drivers per zone. */
    zoneStatistics(auth: AuthContext): ZoneStatistics {
      const zones = deps.zones();
      const counts = new Map<number, { busy: number; free: number }>();
      const nowUtc = deps.fleet.nowUtc();
      for (const driver of index.onMap(companiesOf(auth))) {
        if (driver.polygonId === null) continue;
        const count = counts.get(driver.polygonId) ?? { busy: 0, free: 0 };
        if (driver.is_busy) count.busy++;
        else if (isFree(driver, nowUtc)) count.free++;
        counts.set(driver.polygonId, count);
      }
      return auth.companyIds.flatMap((companyId) =>
        zones.polygonsOf(companyId).map((zone) => ({
          polygonId: zone.id,
          name: zone.name,
          busyDrivers: counts.get(zone.id)?.busy ?? 0,
          freeDrivers: counts.get(zone.id)?.free ?? 0,
        })),
      );
    },

    /** GET /api/statistics/drivers-info: a zone's free drivers, longest idle first. */
    driversInfo(auth: AuthContext, polygonId: number): DriversInfo {
      const isOwn = auth.companyIds.some((companyId) =>
        deps
          .zones()
          .polygonsOf(companyId)
          .some((zone) => zone.id === polygonId),
      );
      if (!isOwn) throw notFound();
      const nowUtc = deps.fleet.nowUtc();
      return index
        .inZone(polygonId, (driver) => isFree(driver, nowUtc))
        .sort(
          (a, b) =>
            (a.idle_from ?? '').localeCompare(b.idle_from ?? '') || a.driver_id - b.driver_id,
        )
        .map((driver) => ({
          userId: driver.driver_id,
          indicativ: driver.indicativ,
          idle_from: driver.idle_from,
        }));
    },

    /** The driver's own state as this node holds it (GET /api/drivers/me/status). */
    async own(auth: AuthContext): Promise<DriverState> {
      const driver = await deps.fleet.ensureKnown(auth.userId);
      if (!driver) throw notFound('driver');
      return driverStateOf(driver);
    },

    /** Online, busy and free drivers of these companies (the operator top bar). */
    counts: (companyIds: readonly number[]) => index.counts(new Set(companyIds)),

    /** A stand's queue for the zones module (GET /api/stands). */
    standQueue(standId: number) {
      const nowUtc = deps.fleet.nowUtc();
      return index.standQueue(standId, nowUtc).map((driver) => ({
        userId: driver.driver_id,
        indicativ: driver.indicativ,
        since: utcText(driver.stands.get(standId) ?? 0),
      }));
    },

    /** The live position of a driver (GET /api/users/{id} shows it over the flushed one). */
    live(driverId: number) {
      const driver = index.get(driverId);
      if (!driver || driver.long === null || driver.lat === null) return undefined;
      return {
        current_location: [driver.long, driver.lat] as [number, number],
        current_polygon_id: driver.polygonId,
      };
    },
  };
}

export type DriversService = ReturnType<typeof createDriversService>;

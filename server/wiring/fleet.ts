import { driverStateOf } from '../modules/drivers/driver-state-wire';
import { createDriversService } from '../modules/drivers/drivers.service';
import { createFleet } from '../modules/drivers/fleet';
import { createZoneIndexFollower } from '../modules/zones/zone-index-follower';
import type { Core } from './core';

/**
 * Zones and the live fleet: every zone and stand in memory, following the zones' revision, and
 * the drivers (index, positions, their change stream), which the dispatch engine and the map read.
 */
export async function wireFleetAndZones(core: Core) {
  const { app, config, db, publisher, sockets, sessions } = core;
  const zones = createZoneIndexFollower({
    db,
    pollMs: config.ZONES_POLL_MS,
    onError: (error) => app.log.warn({ err: error }, 'reloading the zones failed'),
  });
  await zones.start();
  app.addHook('onClose', async () => zones.stop());

  const fleet = createFleet({
    db,
    zones: zones.index,
    toDispatchers: publisher.driversPositions,
    toSockets: (driver) => publisher.driverStateChanged(driver.company_ids, driverStateOf(driver)),
    relay: publisher.relayPositions,
    wakeOthers: publisher.wakeDriverReaders,
    config: {
      flushMs: config.DRIVER_POSITIONS_FLUSH_MS,
      pollMs: config.DRIVER_STREAM_POLL_MS,
      silentOfflineS: config.DRIVER_SILENT_OFFLINE_S,
      keepDays: config.DRIVER_POSITIONS_KEEP_DAYS,
      keepChangesHours: config.ORDER_CHANGES_KEEP_HOURS,
    },
    onError: (error, what) => app.log.error({ err: error }, `${what} failed`),
    // A user's sessions on this node follow an administrator's change of him, whichever node
    // made it: REST at its next request, the sockets' rooms at once.
    onUserChanged: (userId) => {
      const refreshed = userId === null ? sockets.refreshAll() : sockets.refreshUser(userId);
      if (userId !== null) sessions.revokeUser(userId);
      refreshed.catch((error: unknown) =>
        app.log.error({ err: error, userId }, 'deriving sockets again failed'),
      );
    },
  });
  await fleet.start();
  app.addHook('onClose', async () => fleet.stop());

  const drivers = createDriversService({ fleet, zones: () => zones.index() });
  return { zones, fleet, drivers };
}

export type FleetArea = Awaited<ReturnType<typeof wireFleetAndZones>>;

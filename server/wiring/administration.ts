import type { Database } from '../db/client';
import type { Authenticate } from '../http/route';
import type { AuthService } from '../modules/auth/auth.service';
import { carsRoutes } from '../modules/cars/cars.routes';
import { createCarsService } from '../modules/cars/cars.service';
import { catalogRoutes } from '../modules/catalog/catalog.routes';
import { clientsRoutes } from '../modules/clients/clients.routes';
import { createClientsService } from '../modules/clients/clients.service';
import { companiesRoutes } from '../modules/companies/companies.routes';
import { createCompaniesService } from '../modules/companies/companies.service';
import { createCompanyRegistry } from '../modules/companies/company-registry';
import { createSettingsService } from '../modules/companies/settings.service';
import { createSignupService } from '../modules/companies/signup.service';
import { configRoutes } from '../modules/config/config.routes';
import { contentRoutes } from '../modules/content/content.routes';
import { createContentService } from '../modules/content/content.service';
import { dashboardRoutes } from '../modules/dashboard/dashboard.routes';
import { createDashboardService } from '../modules/dashboard/dashboard.service';
import { devicesRoutes } from '../modules/devices/devices.routes';
import { createDeviceSightings, createDevicesService } from '../modules/devices/devices.service';
import { planFor } from '../modules/dispatch/config/search-plan';
import { driverReportsRoutes } from '../modules/driver-reports/driver-reports.routes';
import { createDriverReportsService } from '../modules/driver-reports/driver-reports.service';
import { candidatesRoutes } from '../modules/drivers/candidates/candidates.routes';
import { createCandidatesService } from '../modules/drivers/candidates/candidates.service';
import { driversRoutes } from '../modules/drivers/drivers.routes';
import { healthRoutes } from '../modules/health/health.routes';
import { geocoderFromConfig } from '../modules/places/geocoders';
import { placesRoutes } from '../modules/places/places.routes';
import { createPlacesService } from '../modules/places/places.service';
import { simulatorRoutes } from '../modules/simulator/simulator.routes';
import { createSimulatorService } from '../modules/simulator/simulator.service';
import { usersRoutes } from '../modules/users/users.routes';
import { createUsersService } from '../modules/users/users.service';
import { pickupReachRoutes } from '../modules/zones/pickup-reach.routes';
import { createPickupReach } from '../modules/zones/pickup-reach.service';
import { zonesRoutes } from '../modules/zones/zones.routes';
import { createZonesService } from '../modules/zones/zones.service';
import { type Core, windowSeconds } from './core';
import type { FleetArea } from './fleet';

/**
 * Everything an administrator manages: users, cars, drivers and their devices, companies and
 * signup, clients, content, zones and stands, the dashboard, places, the simulators, health.
 */
export function wireAdministration(
  core: Core,
  database: Database,
  authenticate: Authenticate,
  { auth, endSessions }: { auth: AuthService; endSessions: (tokenIds: number[]) => void },
  { fleet, zones, drivers }: FleetArea,
) {
  const { app, config, db, publisher, failures } = core;
  usersRoutes(
    app,
    authenticate,
    createUsersService(db, {
      live: drivers.live,
      emailTaken: {
        counter: failures,
        max: config.LOGIN_MAX_FAILURES_PER_ACCOUNT,
        windowSeconds: windowSeconds(config),
      },
      drivers: fleet.writes,
      sessions: { endTokens: endSessions },
    }),
  );
  carsRoutes(app, authenticate, createCarsService(db, { drivers: fleet.writes }));
  driversRoutes(
    app,
    authenticate,
    drivers,
    fleet.writes,
    createDeviceSightings(db, (error) =>
      app.log.warn({ err: error }, 'recording a device sighting failed'),
    ),
  );
  candidatesRoutes(app, authenticate, createCandidatesService({ db, fleet }));
  devicesRoutes(app, authenticate, createDevicesService(db));
  driverReportsRoutes(
    app,
    authenticate,
    createDriverReportsService({
      db,
      publicUrl: config.PUBLIC_URL,
      misses: failures,
      maxMisses: config.LOGIN_MAX_FAILURES_PER_IP,
      missWindowSeconds: windowSeconds(config),
    }),
  );
  contentRoutes(app, authenticate, createContentService(db));
  configRoutes(app, authenticate, config);
  healthRoutes(app, authenticate, database);
  clientsRoutes(app, authenticate, createClientsService(db));
  companiesRoutes(
    app,
    authenticate,
    createCompaniesService(db, {
      registry: createCompanyRegistry({
        url: config.COMPANY_REGISTRY_URL,
        timeoutMs: config.COMPANY_REGISTRY_TIMEOUT_MS,
      }),
      log: app.log,
    }),
    createSignupService({
      db,
      attempts: failures,
      maxPerIp: config.SIGNUP_MAX_PER_IP,
      windowSeconds: windowSeconds(config),
      issueSession: auth.issueSession,
      tokenTtlSeconds: Math.round(config.TOKEN_TTL_HOURS * 3600),
    }),
    createSettingsService(db),
  );
  catalogRoutes(app, authenticate, db);
  zonesRoutes(
    app,
    authenticate,
    createZonesService({
      db,
      refreshIndex: zones.wake,
      wakeOthers: publisher.wakeZoneReaders,
      standQueue: drivers.standQueue,
    }),
  );
  pickupReachRoutes(
    app,
    authenticate,
    createPickupReach({
      db,
      zones: zones.index,
      planFor,
      ...(core.clock ? { now: core.clock } : {}),
    }),
  );
  dashboardRoutes(
    app,
    authenticate,
    createDashboardService({
      db,
      driverCounts: (companyIds) =>
        fleet.index.counts(companyIds === null ? null : new Set(companyIds)),
    }),
  );
  placesRoutes(
    app,
    authenticate,
    createPlacesService(db, {
      geocoder: geocoderFromConfig(config),
      geocoderTimeoutMs: config.GEOCODER_TIMEOUT_MS,
      logger: app.log,
    }),
  );
  // The simulators act as drivers; an installation may turn them off (their routes answer 404).
  if (config.SIMULATOR_ENABLED) {
    simulatorRoutes(
      app,
      authenticate,
      createSimulatorService({
        db,
        auth,
        sessionTtlSeconds: Math.round(config.SIMULATOR_SESSION_HOURS * 3600),
      }),
    );
  }
}

import {
  DEVICE_DRIVER_FOREIGN,
  DEVICE_IDENTIFIER_MAX,
  DEVICE_IDENTIFIER_PATTERN,
  DEVICE_IDENTIFIER_TAKEN,
  DEVICE_NOT_FOUND,
  type Device,
  type DeviceBody,
  type DevicePatch,
  type ListDevicesQuery,
} from '@common/devices/devices.schema';
import type { Db } from '../../db/client';
import { AppError, validationFailed } from '../../http/app-error';
import { type AuthContext, scopeOf } from '../../http/auth-context';
import { isDriverOf } from '../users/users.repo';
import * as repo from './devices.repo';

const notFound = () => new AppError('not_found', DEVICE_NOT_FOUND);

/**
 * Drivers' devices (/devices, docs/ADMINISTRATION.md): a company's own, identifier
 * unique within it, given only to one of its drivers. Another company's device answers 404.
 */
export function createDevicesService(db: Db) {
  /**
   * The company a new device belongs to: the one asked for, if the caller may; else its
   * driver's (his first the caller administers), else the caller's first.
   */
  async function companyFor(
    auth: AuthContext,
    asked: number | undefined,
    driverId: number | null | undefined,
  ): Promise<number> {
    const scope = scopeOf(auth);
    const mayUse = (companyId: number) =>
      scope.kind === 'all' || scope.companyIds.includes(companyId);
    if (asked !== undefined) {
      if (mayUse(asked)) return asked;
      throw validationFailed({ company_id: ['Compania nu a fost găsită.'] });
    }
    if (driverId != null) {
      const ofDriver = (await repo.companiesOfDriver(db, driverId)).find(mayUse);
      if (ofDriver !== undefined) return ofDriver;
    }
    const [first] = auth.companyIds;
    if (first === undefined) throw validationFailed({ company_id: ['Alegeți compania.'] });
    return first;
  }

  async function checkDriver(driverId: number | null | undefined, companyId: number) {
    if (driverId == null) return;
    if (!(await isDriverOf(db, driverId, companyId))) {
      throw validationFailed({ driver_id: [DEVICE_DRIVER_FOREIGN] });
    }
  }

  async function get(auth: AuthContext, id: number): Promise<Device> {
    const device = await repo.findDevice(db, scopeOf(auth), id);
    if (!device) throw notFound();
    return device;
  }

  return {
    list: (auth: AuthContext, query: ListDevicesQuery) =>
      repo.listDevices(db, scopeOf(auth), query),

    get,

    async create(auth: AuthContext, body: DeviceBody): Promise<Device> {
      const companyId = await companyFor(auth, body.company_id, body.driver_id);
      await checkDriver(body.driver_id, companyId);
      const id = await repo.insertDevice(db, {
        company_id: companyId,
        identifier: body.identifier,
        model: body.model,
        platform: body.platform,
        app_version: body.app_version || null,
        driver_id: body.driver_id ?? null,
      });
      if (id === undefined) throw validationFailed({ identifier: [DEVICE_IDENTIFIER_TAKEN] });
      return get(auth, id);
    },

    async update(auth: AuthContext, id: number, patch: DevicePatch): Promise<Device> {
      const companyId = await repo.deviceCompany(db, scopeOf(auth), id);
      if (companyId === undefined) throw notFound();
      await checkDriver(patch.driver_id, companyId);
      const outcome = await repo.updateDevice(db, id, {
        ...patch,
        ...(patch.app_version !== undefined ? { app_version: patch.app_version || null } : {}),
      });
      if (outcome === 'taken') throw validationFailed({ identifier: [DEVICE_IDENTIFIER_TAKEN] });
      return get(auth, id);
    },

    async remove(auth: AuthContext, id: number): Promise<void> {
      if (!(await repo.deleteDevice(db, scopeOf(auth), id))) throw notFound();
    },
  };
}

export type DevicesService = ReturnType<typeof createDevicesService>;

/** What identifies the app's device on a driver request (docs/DRIVER-API.md §2). */
export const DEVICE_ID_HEADER = 'x-device-id';
export const APP_VERSION_HEADER = 'x-app-version';

const headerText = (value: string | string[] | undefined, max: number): string | null => {
  const text = (Array.isArray(value) ? value[0] : value)?.trim();
  if (!text || text.length > max || !DEVICE_IDENTIFIER_PATTERN.test(text)) return null;
  return text;
};

/**
 * Records that a driver's app spoke from its device: last seen and app version of the device of
 * that identifier in the driver's companies (at most a write a minute, devices.repo touchDevice).
 * A failure is logged, never answered: a driver's status change does not fail for the device
 * list. Awaited (one indexed UPDATE on a rare request), so the answer leaves after the write.
 */
export function createDeviceSightings(db: Db, onError: (error: unknown) => void) {
  return (
    auth: AuthContext,
    request: { headers: Record<string, string | string[] | undefined> },
  ): Promise<void> => {
    const identifier = headerText(request.headers[DEVICE_ID_HEADER], DEVICE_IDENTIFIER_MAX);
    if (!identifier) return Promise.resolve();
    const version = headerText(request.headers[APP_VERSION_HEADER], 40);
    return repo.touchDevice(db, auth.userId, identifier, version).catch(onError);
  };
}

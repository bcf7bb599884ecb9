import { z } from 'zod';
import { id, idParam, requiredText, text } from '../http/fields';
import { paginated } from '../http/pagination';

/** A driver's phone or tablet runs the driver app on one of these (/devices). */
export const DEVICE_PLATFORMS = ['android', 'ios'] as const;
export const DevicePlatformSchema = z.enum(DEVICE_PLATFORMS);
export type DevicePlatform = z.infer<typeof DevicePlatformSchema>;

export const DEVICE_PLATFORM_LABELS: Record<DevicePlatform, string> = {
  android: 'Android',
  ios: 'iOS',
};

/** The driver a device is given to, as the list shows him. */
export const DeviceDriverSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** His call sign (indicativ), the users' identifier. */
  indicativ: z.string().nullable(),
});

/** A device as the API answers it (docs/ADMINISTRATION.md "Devices, driver orders and report links"). */
export const DeviceSchema = z.object({
  id: z.number().int(),
  company_id: z.number().int(),
  /** Shown on /devices: the platform admin sees every company's devices. */
  company_name: z.string(),
  identifier: z.string(),
  model: z.string(),
  platform: DevicePlatformSchema,
  app_version: z.string().nullable(),
  driver_id: z.number().int().nullable(),
  driver: DeviceDriverSchema.nullable(),
  /** UTC; when the driver app last spoke to us from it (X-Device-Id, docs/DRIVER-API.md). */
  last_seen_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Device = z.infer<typeof DeviceSchema>;

export const DeviceListSchema = paginated(DeviceSchema);
export type DeviceList = z.infer<typeof DeviceListSchema>;

export const DEVICE_IDENTIFIER_MAX = 100;

/**
 * What identifies a device to us: the app's install id or the phone's serial, as the app sends
 * it in X-Device-Id. Printable ASCII without spaces, so it travels in a header unchanged.
 */
export const DEVICE_IDENTIFIER_PATTERN = /^[\x21-\x7E]+$/;
export const INVALID_DEVICE_IDENTIFIER =
  'Identificatorul poate conține doar litere, cifre și semne, fără spații.';

const identifier = () =>
  requiredText(DEVICE_IDENTIFIER_MAX).regex(DEVICE_IDENTIFIER_PATTERN, INVALID_DEVICE_IDENTIFIER);

/** POST /api/devices: the same contract as the /device/0 form. */
export const DeviceBodySchema = z.strictObject({
  identifier: identifier(),
  model: requiredText(100),
  platform: DevicePlatformSchema,
  app_version: text(40).nullish(),
  driver_id: id().nullish(),
  /** Whose device: one of the caller's companies; by default his first. */
  company_id: id().optional(),
});
export type DeviceBody = z.infer<typeof DeviceBodySchema>;

/** PATCH /api/devices/{id}: any of the fields; a device stays in its company. */
export const DevicePatchSchema = DeviceBodySchema.omit({ company_id: true }).partial();
export type DevicePatch = z.infer<typeof DevicePatchSchema>;

export const DeviceIdParamsSchema = z.object({ id: idParam() });

/** GET /api/devices?search&driver_id&page&per_page. */
export const ListDevicesQuerySchema = z.strictObject({
  search: text(100).optional(),
  driver_id: idParam().optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(15),
});
export type ListDevicesQuery = z.infer<typeof ListDevicesQuerySchema>;

export const DEVICE_NOT_FOUND = 'Dispozitivul nu a fost găsit.';
export const DEVICE_IDENTIFIER_TAKEN =
  'Un dispozitiv cu acest identificator există deja în companie.';
export const DEVICE_DRIVER_FOREIGN = 'Șoferul nu aparține companiei dispozitivului.';

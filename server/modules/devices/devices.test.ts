import type { Device, DeviceList } from '@common/devices/devices.schema';
import {
  DEVICE_DRIVER_FOREIGN,
  DEVICE_IDENTIFIER_TAKEN,
  DEVICE_NOT_FOUND,
} from '@common/devices/devices.schema';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCompany, buildDriver, buildUser } from '../../db/factories';
import { devices } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/harness';

type Headers = { authorization: string };

let t: TestApp;
let companyA: number;
let companyB: number;
let companyBName: string;
let manager: Headers;
let foreignManager: Headers;
let admin: Headers;
let dispatcher: Headers;
let driverA: { id: number; email: string; name: string };
let driverB: { id: number };

beforeAll(async () => {
  t = await createTestApp();
  companyA = (await buildCompany(t.db)).id;
  const b = await buildCompany(t.db);
  companyB = b.id;
  companyBName = b.name;
  manager = await t.login(await buildUser(t.db, { roles: ['manager'], companyIds: [companyA] }));
  foreignManager = await t.login(
    await buildUser(t.db, { roles: ['manager'], companyIds: [companyB] }),
  );
  admin = await t.login(await buildUser(t.db, { roles: ['admin'], companyIds: [] }));
  dispatcher = await t.login(
    await buildUser(t.db, { roles: ['dispatcher'], companyIds: [companyA] }),
  );
  driverA = await buildDriver(t.db, companyA, { name: 'Ion Șofer' });
  driverB = await buildDriver(t.db, companyB);
});
afterAll(() => t.close());

const post = (headers: Headers, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/devices', headers, payload });

describe('devices (/devices)', () => {
  it('creates, lists, reads, edits and deletes a device of the caller’s company', async () => {
    const created = await post(manager, {
      identifier: 'A1-phone-001',
      model: 'Samsung A14',
      platform: 'android',
      app_version: '3.2.0',
      driver_id: driverA.id,
    });
    expect(created.statusCode).toBe(201);
    const device = created.json<Device>();
    expect(device).toMatchObject({
      company_id: companyA,
      identifier: 'A1-phone-001',
      platform: 'android',
      driver: { id: driverA.id, name: 'Ion Șofer' },
      last_seen_at: null,
    });

    const bySearch = await t.app.inject({
      method: 'GET',
      url: '/api/devices?search=sofer',
      headers: manager,
    });
    expect(bySearch.json<DeviceList>().data.map((d) => d.id)).toEqual([device.id]);
    const byDriver = await t.app.inject({
      method: 'GET',
      url: `/api/devices?driver_id=${driverA.id}`,
      headers: manager,
    });
    expect(byDriver.json<DeviceList>().meta.total).toBe(1);

    const patched = await t.app.inject({
      method: 'PATCH',
      url: `/api/devices/${device.id}`,
      headers: manager,
      payload: { model: 'iPhone 13', platform: 'ios', driver_id: null },
    });
    expect(patched.statusCode).toBe(200);
    expect(patched.json<Device>()).toMatchObject({
      model: 'iPhone 13',
      platform: 'ios',
      driver: null,
    });

    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/devices/${device.id}`,
      headers: manager,
    });
    expect(removed.statusCode).toBe(204);
    const gone = await t.app.inject({
      method: 'GET',
      url: `/api/devices/${device.id}`,
      headers: manager,
    });
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toMatchObject({ message: DEVICE_NOT_FOUND });
  });

  it('is for administrators only', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/devices' })).statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/devices', headers: dispatcher })).statusCode,
    ).toBe(403);
    expect(
      (await post(dispatcher, { identifier: 'x', model: 'y', platform: 'ios' })).statusCode,
    ).toBe(403);
  });

  it('keeps each company to its own devices: another company’s answers 404', async () => {
    const own = (
      await post(manager, { identifier: 'iso-1', model: 'Moto G', platform: 'android' })
    ).json<Device>();
    for (const [method, payload] of [
      ['GET', undefined],
      ['PATCH', { model: 'stolen' }],
      ['DELETE', undefined],
    ] as const) {
      const answer = await t.app.inject({
        method,
        url: `/api/devices/${own.id}`,
        headers: foreignManager,
        ...(payload ? { payload } : {}),
      });
      expect(answer.statusCode, method).toBe(404);
    }
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/devices',
      headers: foreignManager,
    });
    expect(list.json<DeviceList>().data.map((d) => d.id)).not.toContain(own.id);
    // The platform admin sees every company's devices.
    const all = await t.app.inject({
      method: 'GET',
      url: '/api/devices?search=iso-1',
      headers: admin,
    });
    expect(all.json<DeviceList>().data.map((d) => d.id)).toEqual([own.id]);
    // Without a company asked for, a new device goes to its driver's company.
    const driven = await post(admin, {
      identifier: 'iso-3',
      model: 'Moto',
      platform: 'android',
      driver_id: driverB.id,
    });
    expect(driven.statusCode).toBe(201);
    expect(driven.json<Device>().company_id).toBe(companyB);
    expect(driven.json<Device>().company_name).toBe(companyBName);
    // A manager cannot put a device in a company that is not his.
    const elsewhere = await post(manager, {
      identifier: 'iso-2',
      model: 'Moto',
      platform: 'android',
      company_id: companyB,
    });
    expect(elsewhere.statusCode).toBe(422);
    expect(elsewhere.json().errors).toHaveProperty('company_id');
  });

  it('refuses a driver of another company, on create and on edit', async () => {
    const refused = await post(manager, {
      identifier: 'drv-1',
      model: 'Moto',
      platform: 'android',
      driver_id: driverB.id,
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual({ driver_id: [DEVICE_DRIVER_FOREIGN] });
    const own = (
      await post(manager, { identifier: 'drv-2', model: 'Moto', platform: 'android' })
    ).json<Device>();
    const patched = await t.app.inject({
      method: 'PATCH',
      url: `/api/devices/${own.id}`,
      headers: manager,
      payload: { driver_id: driverB.id },
    });
    expect(patched.statusCode).toBe(422);
    expect(patched.json().errors).toEqual({ driver_id: [DEVICE_DRIVER_FOREIGN] });
  });

  it('keeps the identifier unique within a company, not across companies', async () => {
    expect(
      (await post(manager, { identifier: 'dup-1', model: 'M', platform: 'ios' })).statusCode,
    ).toBe(201);
    const again = await post(manager, { identifier: 'dup-1', model: 'M', platform: 'ios' });
    expect(again.statusCode).toBe(422);
    expect(again.json().errors).toEqual({ identifier: [DEVICE_IDENTIFIER_TAKEN] });
    expect(
      (await post(foreignManager, { identifier: 'dup-1', model: 'M', platform: 'ios' })).statusCode,
    ).toBe(201);
    const other = (
      await post(manager, { identifier: 'dup-2', model: 'M', platform: 'ios' })
    ).json<Device>();
    const renamed = await t.app.inject({
      method: 'PATCH',
      url: `/api/devices/${other.id}`,
      headers: manager,
      payload: { identifier: 'dup-1' },
    });
    expect(renamed.statusCode).toBe(422);
    expect(renamed.json().errors).toEqual({ identifier: [DEVICE_IDENTIFIER_TAKEN] });
  });

  it('answers bad input field by field', async () => {
    const bad = await post(manager, {
      identifier: 'has space',
      model: '',
      platform: 'windows',
      extra: 1,
    });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual([
      'extra',
      'identifier',
      'model',
      'platform',
    ]);
  });

  it('records when the driver app was last seen from a device, at most once a minute', async () => {
    const device = (
      await post(manager, { identifier: 'seen-1', model: 'M', platform: 'android' })
    ).json<Device>();
    const driver = await t.login(driverA);
    const status = await t.app.inject({
      method: 'GET',
      url: '/api/drivers/me/status',
      headers: { ...driver, 'x-device-id': 'seen-1', 'x-app-version': '4.0.1' },
    });
    expect(status.statusCode).toBe(200);
    const seen = (
      await t.app.inject({ method: 'GET', url: `/api/devices/${device.id}`, headers: manager })
    ).json<Device>();
    expect(seen.last_seen_at).not.toBeNull();
    expect(seen.app_version).toBe('4.0.1');

    // Within the minute a second request writes nothing.
    await t.db
      .update(devices)
      .set({ last_seen_at: sql`(now() at time zone 'utc') - interval '30 seconds'` })
      .where(eq(devices.id, device.id));
    const [before] = await t.db.select().from(devices).where(eq(devices.id, device.id));
    await t.app.inject({
      method: 'GET',
      url: '/api/drivers/me/status',
      headers: { ...driver, 'x-device-id': 'seen-1', 'x-app-version': '4.0.1' },
    });
    const [after] = await t.db.select().from(devices).where(eq(devices.id, device.id));
    expect(after?.last_seen_at).toBe(before?.last_seen_at);

    // A device of another company with the same identifier is never touched by this driver.
    const foreign = (
      await post(foreignManager, { identifier: 'seen-2', model: 'M', platform: 'android' })
    ).json<Device>();
    await t.app.inject({
      method: 'GET',
      url: '/api/drivers/me/status',
      headers: { ...driver, 'x-device-id': 'seen-2' },
    });
    const untouched = (
      await t.app.inject({
        method: 'GET',
        url: `/api/devices/${foreign.id}`,
        headers: foreignManager,
      })
    ).json<Device>();
    expect(untouched.last_seen_at).toBeNull();
  });
});

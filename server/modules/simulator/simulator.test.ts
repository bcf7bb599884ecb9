import type { DriverState } from '@common/drivers/drivers.schema';
import type { SimulatorSession } from '@common/simulator/simulator.schema';
import { eq } from 'drizzle-orm';
import type { DestinationStream } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCompany, buildDriver, buildUser } from '../../db/factories';
import { accessTokens } from '../../db/schema';
import { tokenDigest } from '../../lib/tokens';
import { createTestApp, type TestApp } from '../../test/harness';

/** POST /api/simulator/sessions lets a dispatcher act as one of his drivers. */

let t: TestApp;
const lines: string[] = [];
const stream: DestinationStream = { write: (line: string) => void lines.push(line) };
let companyId: number;
let dispatcher: { authorization: string };
let admin: { authorization: string };
let driverId: number;

const createSession = (headers: { authorization?: string }, payload: unknown) =>
  t.app.inject({
    method: 'POST',
    url: '/api/simulator/sessions',
    headers,
    payload: payload as object,
  });

beforeAll(async () => {
  t = await createTestApp(
    { LOG_LEVEL: 'info', SIMULATOR_SESSION_HOURS: '2' },
    { logStream: stream },
  );
  companyId = (await buildCompany(t.db)).id;
  dispatcher = await t.login(await buildUser(t.db, { companyIds: [companyId] }));
  admin = await t.login(await buildUser(t.db, { roles: ['admin'], companyIds: [companyId] }));
  driverId = (await buildDriver(t.db, companyId)).id;
});
afterAll(() => t.close());

describe('POST /api/simulator/sessions', () => {
  it("answers a short-lived session of the company's driver that works as his own login", async () => {
    const response = await createSession(dispatcher, { driver_id: driverId });
    expect(response.statusCode).toBe(201);
    const session = response.json<SimulatorSession>();
    expect(session.token).toMatch(/^[\w-]{43}$/);
    // SIMULATOR_SESSION_HOURS=2 here: it ends in about two hours, not after a login's 12.
    const hoursLeft =
      (new Date(`${session.expires_at.replace(' ', 'T')}Z`).getTime() - Date.now()) / 3_600_000;
    expect(hoursLeft).toBeGreaterThan(1.9);
    expect(hoursLeft).toBeLessThanOrEqual(2.01);
    const [row] = await t.db
      .select({ user_id: accessTokens.user_id })
      .from(accessTokens)
      .where(eq(accessTokens.token_hash, tokenDigest(session.token)));
    expect(row?.user_id).toBe(driverId);

    // The driver's own paths (docs/DRIVER-API.md) answer this session as the driver.
    const driverHeaders = { authorization: `Bearer ${session.token}` };
    const online = await t.app.inject({
      method: 'PATCH',
      url: '/api/drivers/me/status',
      headers: driverHeaders,
      payload: { status: 'online' },
    });
    expect(online.statusCode).toBe(200);
    expect(online.json<DriverState>()).toMatchObject({ driver_id: driverId, is_online: true });
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/drivers/me/status',
      headers: driverHeaders,
    });
    expect(me.statusCode).toBe(200);
    expect(me.json<DriverState>()).toMatchObject({ driver_id: driverId, is_online: true });
  });

  it('logs who acted as whom, never the token', async () => {
    lines.length = 0;
    const response = await createSession(admin, { driver_id: driverId });
    expect(response.statusCode).toBe(201);
    const { token } = response.json<SimulatorSession>();
    const entries = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    const audit = entries.find((entry) => entry.msg === 'simulator session issued');
    expect(audit?.simulator).toMatchObject({ driver_id: driverId });
    expect(lines.join('\n')).not.toContain(token);
  });

  it('is for admins and dispatchers only', async () => {
    const companyUser = await t.login(
      await buildUser(t.db, { roles: ['company'], companyIds: [companyId] }),
    );
    const driver = await buildDriver(t.db, companyId);
    const asDriver = await t.login(driver);
    expect((await createSession(companyUser, { driver_id: driverId })).statusCode).toBe(403);
    expect((await createSession(asDriver, { driver_id: driverId })).statusCode).toBe(403);
    expect((await createSession({}, { driver_id: driverId })).statusCode).toBe(401);
  });

  it("answers 404 for another company's driver, a non-driver, a disabled driver or no one", async () => {
    const other = await buildCompany(t.db);
    const foreignDriver = await buildDriver(t.db, other.id);
    const colleague = await buildUser(t.db, { companyIds: [companyId] });
    const disabled = await buildDriver(t.db, companyId, { disabled: true });
    for (const id of [foreignDriver.id, colleague.id, disabled.id, 2_000_000]) {
      const response = await createSession(dispatcher, { driver_id: id });
      expect(response.statusCode).toBe(404);
      expect(response.json<{ message: string }>().message).toBe('Șoferul nu a fost găsit.');
    }
    // The platform admin too: acting as a driver is only for one's own companies.
    expect((await createSession(admin, { driver_id: foreignDriver.id })).statusCode).toBe(404);
  });

  it('validates the body into field → messages', async () => {
    const response = await createSession(dispatcher, { driver_id: 'x', extra: 1 });
    expect(response.statusCode).toBe(422);
    expect(Object.keys(response.json<{ errors: object }>().errors)).toContain('driver_id');
  });
});

describe('SIMULATOR_ENABLED=false', () => {
  let off: TestApp;
  beforeAll(async () => {
    off = await createTestApp({ SIMULATOR_ENABLED: 'false' });
  });
  afterAll(() => off.close());

  it('has no simulator endpoint at all (404 for everyone)', async () => {
    const company = await buildCompany(off.db);
    const headers = await off.login(await buildUser(off.db, { companyIds: [company.id] }));
    const driver = await buildDriver(off.db, company.id);
    const response = await off.app.inject({
      method: 'POST',
      url: '/api/simulator/sessions',
      headers,
      payload: { driver_id: driver.id },
    });
    expect(response.statusCode).toBe(404);
    const anonymous = await off.app.inject({
      method: 'POST',
      url: '/api/simulator/sessions',
      payload: { driver_id: driver.id },
    });
    expect(anonymous.statusCode).toBe(404);
  });
});

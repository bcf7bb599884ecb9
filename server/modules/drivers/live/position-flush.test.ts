import type { PositionAck } from '@common/drivers/drivers.schema';
import type { ClientToServerEvents, ServerToClientEvents } from '@common/realtime/events';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../../../app';
import { loadConfig } from '../../../config';
import { buildCompany, buildDriver } from '../../../db/factories';
import { createTestApp, type TestApp } from '../../../test/harness';

type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

let t: TestApp;
let restarted: App | undefined;
let socket: ClientSocket | undefined;

beforeAll(async () => {
  // Flushes only when told to (the interval's upper bound): the test decides what "crashed".
  t = await createTestApp({ DRIVER_POSITIONS_FLUSH_MS: '5000' });
});
afterAll(async () => {
  socket?.disconnect();
  await restarted?.close();
  await t.close();
});

const send = (s: ClientSocket, payload: unknown) =>
  new Promise<PositionAck>((resolve) => s.emit('currentPosition', payload, resolve));

describe('positions flushed in batches', () => {
  it('a crash between flushes loses at most the positions since the last flush, never a driver state', async () => {
    const url = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const company = await buildCompany(t.db);
    const driver = await buildDriver(t.db, company.id);
    const headers = await t.login(driver);
    const online = await t.app.inject({
      method: 'PATCH',
      url: '/api/drivers/me/status',
      headers: { authorization: headers.authorization },
      payload: { status: 'online' },
    });
    expect(online.statusCode).toBe(200);
    socket = connect(url, {
      transports: ['websocket'],
      reconnection: false,
      auth: { token: headers.token },
    });
    expect(await send(socket, { long: 27.5, lat: 47.1 })).toEqual({ ok: true });
    await t.app.fleet.flush();
    expect(await send(socket, { long: 27.6, lat: 47.2 })).toEqual({ ok: true });

    // The node dies before its next flush; another starts on the same database.
    restarted = await buildApp({
      config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', SEED_DEMO: 'false' }),
      database: t.database,
      serveWeb: false,
    });
    const rebuilt = restarted.fleet.index.get(driver.id);
    expect(rebuilt).toMatchObject({ is_online: true, long: 27.5, lat: 47.1 });
  });
});

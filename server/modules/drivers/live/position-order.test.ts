import type { PositionAck } from '@common/drivers/drivers.schema';
import type { ClientToServerEvents, ServerToClientEvents } from '@common/realtime/events';
import { eq } from 'drizzle-orm';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCompany, buildDriver } from '../../../db/factories';
import { driverPositionHistory, driverPositions } from '../../../db/schema';
import { createTestApp, type TestApp } from '../../../test/harness';
import { buildOrder } from '../../../test/order-factory';

type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

let t: TestApp;
let url: string;
const sockets: ClientSocket[] = [];

beforeAll(async () => {
  // Flushes only when told to.
  t = await createTestApp({ DRIVER_POSITIONS_FLUSH_MS: '5000' });
  url = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  for (const socket of sockets) socket.disconnect();
  await t.close();
});

async function onlineDriver(companyId: number) {
  const driver = await buildDriver(t.db, companyId);
  const headers = await t.login(driver);
  const online = await t.app.inject({
    method: 'PATCH',
    url: '/api/drivers/me/status',
    headers: { authorization: headers.authorization },
    payload: { status: 'online' },
  });
  expect(online.statusCode).toBe(200);
  const socket: ClientSocket = connect(url, {
    transports: ['websocket'],
    reconnection: false,
    auth: { token: headers.token },
  });
  sockets.push(socket);
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  return { id: driver.id, socket };
}

const send = (s: ClientSocket, payload: unknown) =>
  new Promise<PositionAck>((resolve) => s.emit('currentPosition', payload, resolve));

const trackOf = (orderId: number) =>
  t.db
    .select({ driver_id: driverPositionHistory.driver_id })
    .from(driverPositionHistory)
    .where(eq(driverPositionHistory.order_id, orderId));

const lastOf = async (driverId: number) =>
  (await t.db.select().from(driverPositions).where(eq(driverPositions.driver_id, driverId)))[0];

describe('positions name an order', () => {
  it("a driver's position names only an order he holds: another driver's order id does not attach his GPS to that trip", async () => {
    const company = await buildCompany(t.db);
    const holder = await onlineDriver(company.id);
    const intruder = await onlineDriver(company.id);
    const trip = await buildOrder(t.db, company.id, { state: 'assigned', driver_id: holder.id });
    // A finished trip of the intruder's own: no longer his to name either.
    const done = await buildOrder(t.db, company.id, { state: 'finished', driver_id: intruder.id });

    expect(await send(holder.socket, { long: 27.58, lat: 47.16, orderId: trip.id })).toEqual({
      ok: true,
    });
    // Answered as any position (his GPS is still his), but the order is ignored.
    expect(await send(intruder.socket, { long: 27.7, lat: 47.3, orderId: trip.id })).toEqual({
      ok: true,
    });
    await t.app.fleet.flush();

    // The trip's track holds its driver's positions only.
    expect(await trackOf(trip.id)).toEqual([{ driver_id: holder.id }]);
    expect(await lastOf(holder.id)).toMatchObject({ order_id: trip.id });
    expect(await lastOf(intruder.id)).toMatchObject({ long: 27.7, lat: 47.3, order_id: null });

    await new Promise((resolve) => setTimeout(resolve, 1_100)); // the history keeps one a second
    await send(intruder.socket, { long: 27.71, lat: 47.31, orderId: done.id });
    await t.app.fleet.flush();
    expect(await trackOf(done.id)).toEqual([]);
  });
});

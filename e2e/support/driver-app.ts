import { type APIRequestContext, expect, request } from '@playwright/test';
import { io, type Socket } from 'socket.io-client';
import { DEMO_PASSWORD } from '../fixtures';

/** A demo driver online through the driver contract, as his app would be (docs/DRIVER-API.md). */
export interface OnlineDriver {
  id: number;
  token: string;
  socket: Socket;
  api: APIRequestContext;
}

export interface Position {
  lat: number;
  long: number;
}

/** He logs in, goes online (PATCH /api/drivers/me/status) and sends his first position. */
export async function driverOnline(
  baseURL: string,
  email: string,
  position: Position,
): Promise<OnlineDriver> {
  const api = await request.newContext({ baseURL });
  const login = await api.post('/api/access-tokens', {
    data: { email, password: DEMO_PASSWORD },
  });
  expect(login.ok()).toBe(true);
  const { token } = (await login.json()) as { token: string };
  const status = await api.patch('/api/drivers/me/status', {
    data: { status: 'online' },
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(status.ok()).toBe(true);
  const { driver_id: id } = (await status.json()) as { driver_id: number };
  const socket = io(baseURL, { auth: { token }, transports: ['websocket'], reconnection: false });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  const driver = { id, token, socket, api };
  await sendPosition(driver, position);
  return driver;
}

export async function sendPosition(driver: OnlineDriver, position: Position): Promise<void> {
  const ack: unknown = await driver.socket.timeout(10_000).emitWithAck('currentPosition', position);
  expect(ack).toEqual({ ok: true });
}

/** Off the map again, for the specs after this one (a ban may already have ended his session). */
export async function driverOffline(driver: OnlineDriver): Promise<void> {
  driver.socket.disconnect();
  await driver.api
    .patch('/api/drivers/me/status', {
      data: { status: 'offline' },
      headers: { Authorization: `Bearer ${driver.token}` },
    })
    .catch(() => undefined);
  await driver.api.dispose();
}

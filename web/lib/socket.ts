import {
  type ClientToServerEvents,
  RECONNECT,
  type ServerToClientEvents,
} from '@common/realtime/events';
import { io, type Socket } from 'socket.io-client';

export type AppSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/** What the header's connection indicator shows. */
export type SocketStatus = 'offline' | 'connecting' | 'connected' | 'reconnecting';

let socket: AppSocket | null = null;
let status: SocketStatus = 'offline';
const statusListeners = new Set<() => void>();

function setStatus(next: SocketStatus) {
  if (next === status) return;
  status = next;
  for (const listener of statusListeners) listener();
}

/**
 * The one socket of the console, created on login (logout "disconnects the socket").
 * Same origin (vite proxies /socket.io in dev). The token goes in `auth`, never in the query
 * string, where it would end up in access logs (replacing).
 */
export function connectSocket(token: string): AppSocket {
  if (socket) {
    const auth = socket.auth as { token?: string };
    if (auth.token === token) return socket;
    disconnectSocket();
  }
  const created: AppSocket = io({
    auth: { token },
    // Up to 100 attempts, every 3 s.
    reconnectionAttempts: RECONNECT.attempts,
    reconnectionDelay: RECONNECT.delayMs,
    reconnectionDelayMax: RECONNECT.delayMs,
  });
  setStatus('connecting');
  created.on('connect', () => setStatus('connected'));
  created.on('disconnect', () => setStatus(created.active ? 'reconnecting' : 'offline'));
  // `active` is false when the server refused the handshake (bad token): no retry follows.
  created.on('connect_error', () => setStatus(created.active ? 'reconnecting' : 'offline'));
  created.io.on('reconnect_failed', () => setStatus('offline'));
  socket = created;
  return created;
}

export function getSocket(): AppSocket | null {
  return socket;
}

export function disconnectSocket(): void {
  const current = socket;
  socket = null;
  if (current) {
    current.removeAllListeners();
    current.io.removeAllListeners();
    current.disconnect();
  }
  setStatus('offline');
}

export function getSocketStatus(): SocketStatus {
  return status;
}

export function subscribeSocketStatus(listener: () => void): () => void {
  statusListeners.add(listener);
  return () => statusListeners.delete(listener);
}

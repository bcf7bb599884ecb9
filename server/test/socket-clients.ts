import type { ClientToServerEvents, ServerToClientEvents } from '@common/realtime/events';
import { io as connect, type Socket } from 'socket.io-client';

/** A test's Socket.IO client, typed with the product's events. */
export type TestSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/**
 * Opens clients to a test app the way the console does (websocket, token in `auth`, never
 * reconnecting by itself) and closes them all at the end of the file.
 */
export function socketClients(url: () => string) {
  const opened: TestSocket[] = [];
  return {
    open(options: { token?: string; query?: Record<string, string> } = {}): TestSocket {
      const socket: TestSocket = connect(url(), {
        transports: ['websocket'],
        reconnection: false,
        auth: options.token ? { token: options.token } : {},
        query: options.query ?? {},
      });
      opened.push(socket);
      return socket;
    },
    closeAll(): void {
      for (const socket of opened) socket.disconnect();
    },
  };
}

/** Resolves once the socket is connected; rejects with the server's refusal. */
export const connected = (socket: TestSocket) =>
  new Promise<void>((resolve, reject) => {
    if (socket.connected) return resolve();
    socket.once('connect', () => resolve());
    socket.once('connect_error', (error) => reject(error));
  });

/** Resolves once the socket is disconnected. */
export const disconnected = (socket: TestSocket) =>
  new Promise<void>((resolve) => {
    if (!socket.connected) return resolve();
    socket.once('disconnect', () => resolve());
  });

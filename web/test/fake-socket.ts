import { act } from '@testing-library/react';

type Handler = (payload: unknown) => void;

/** A Socket.IO client stand-in: what the console listens to, and what it emits. */
export function createFakeSocket(token = 'tok') {
  const handlers = new Map<string, Set<Handler>>();
  const emitted: { event: string; payload: unknown }[] = [];
  const socket = {
    auth: { token },
    connected: true,
    active: true,
    on(event: string, handler: Handler) {
      if (!handlers.has(event)) handlers.set(event, new Set());
      handlers.get(event)?.add(handler);
      return socket;
    },
    off(event: string, handler?: Handler) {
      if (handler) handlers.get(event)?.delete(handler);
      else handlers.delete(event);
      return socket;
    },
    emit(event: string, payload: unknown) {
      emitted.push({ event, payload });
      return socket;
    },
    io: { on: () => undefined, off: () => undefined, removeAllListeners: () => undefined },
    removeAllListeners: () => handlers.clear(),
    disconnect: () => undefined,
  };
  /**
   * Delivers a server event as the socket would, inside act, and lets the query cache's batched
   * notifications (a macrotask) render.
   */
  const push = (event: string, payload: unknown) =>
    act(async () => {
      for (const handler of handlers.get(event) ?? []) handler(payload);
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
  const emittedOf = (event: string) =>
    emitted.filter((e) => e.event === event).map((e) => e.payload);
  return { socket, push, emitted, emittedOf };
}

export type FakeSocket = ReturnType<typeof createFakeSocket>;

let latest: FakeSocket | null = null;

/**
 * `io` for `vi.mock('socket.io-client', …)`: each connection is a new fake, the latest one
 * readable with `lastFakeSocket()`.
 */
export function fakeIo(options?: { auth?: { token?: string } }) {
  latest = createFakeSocket(options?.auth?.token);
  return latest.socket;
}

export function lastFakeSocket(): FakeSocket {
  if (!latest) throw new Error('no socket was connected');
  return latest;
}

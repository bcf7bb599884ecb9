import type { ServerEventName, ServerToClientEvents } from '@common/realtime/events';
import { useEffect, useRef } from 'react';
import { getSocket, subscribeSocketStatus } from './socket';

/** Socket.IO's typed `on`/`off` cannot take a generic event name: the same calls, untyped. */
interface Listenable {
  on(event: string, listener: unknown): unknown;
  off(event: string, listener: unknown): unknown;
}
const loose = (socket: ReturnType<typeof getSocket>) => socket as unknown as Listenable | null;

/**
 * Listens to one event of the console's socket while mounted. The socket is created by the
 * RealtimeBridge's effect, which runs after its children's (and again after a new login), so
 * the listener is (re)attached whenever the socket's status changes and it is a new socket.
 */
export function useSocketEvent<E extends ServerEventName>(
  event: E | null,
  handler: ServerToClientEvents[E],
): void {
  const latest = useRef(handler);
  latest.current = handler;

  useEffect(() => {
    if (event === null) return;
    const listener = (payload: unknown) => (latest.current as (payload: unknown) => void)(payload);
    let attached: ReturnType<typeof getSocket> = null;
    const attach = () => {
      const socket = getSocket();
      if (socket === attached) return;
      loose(attached)?.off(event, listener);
      loose(socket)?.on(event, listener);
      attached = socket;
    };
    attach();
    const unsubscribe = subscribeSocketStatus(attach);
    return () => {
      unsubscribe();
      loose(attached)?.off(event, listener);
    };
  }, [event]);
}

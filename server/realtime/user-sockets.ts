import type { Socket } from 'socket.io';

/**
 * This node's sockets by the user they act for and by the user who minted their session
 *: a change of either re-derives them, and one user's sockets are counted.
 */
export function createUserSockets<S extends Pick<Socket, 'id'> & { data: SocketAuthData }>() {
  const byUser = new Map<number, Set<S>>();
  const add = (key: number, socket: S) => {
    const set = byUser.get(key) ?? new Set<S>();
    set.add(socket);
    byUser.set(key, set);
  };
  const remove = (key: number, socket: S) => {
    const set = byUser.get(key);
    if (!set) return;
    set.delete(socket);
    if (set.size === 0) byUser.delete(key);
  };
  const keysOf = (socket: S) => {
    const { auth } = socket.data;
    return auth.mintedBy ? [auth.userId, auth.mintedBy.userId] : [auth.userId];
  };
  // The keys a socket was filed under, as they were when filed (its authority may change).
  const filed = new WeakMap<S, number[]>();
  return {
    add(socket: S) {
      const keys = keysOf(socket);
      filed.set(socket, keys);
      for (const key of keys) add(key, socket);
    },
    remove(socket: S) {
      for (const key of filed.get(socket) ?? []) remove(key, socket);
      filed.delete(socket);
    },
    /** Sockets acting for the user or minted by him. */
    of: (userId: number): S[] => [...(byUser.get(userId) ?? [])],
    /** Sockets acting for the user himself (not those he minted). */
    count(userId: number): number {
      let n = 0;
      for (const socket of byUser.get(userId) ?? []) if (socket.data.auth.userId === userId) n++;
      return n;
    },
    all(): S[] {
      const seen = new Set<S>();
      for (const set of byUser.values()) for (const socket of set) seen.add(socket);
      return [...seen];
    },
  };
}

interface SocketAuthData {
  auth: { userId: number; mintedBy?: { userId: number } };
}

import type { FastifyBaseLogger } from 'fastify';
import type { Socket } from 'socket.io';
import type { RealtimeServer } from './publisher';

/**
 * How many packets one connection may send ("socket event floods"):
 * a burst of `packets`, refilled at `packets` per `windowMs`. Drivers' apps will send a
 * position every few seconds (about 1 per 2 s), a few acks and the odd event: 5–10
 * per window. Every packet counts, unknown events, acks, binary attachments, namespace
 * connects and heartbeats included, since each costs the server work.
 *
 * A client that buffers events while offline (socket.io-client's default) sends them all at
 * once on reconnect: drivers' apps should emit positions `volatile`, or the limit cuts them
 * off.
 */
export const SOCKET_PACKET_LIMIT = { packets: 50, windowMs: 10_000 } as const;

/**
 * All of one user's connections together send at most twice one connection's packets:
 * three hundred sockets of one driver multiplied his budget by three hundred.
 */
const USER_PACKETS_FACTOR = 2;

export interface PacketLimit {
  packets: number;
  windowMs: number;
}

type EngineSocket = Socket['conn'];

/** A token bucket: true while the caller is within the limit, false for each packet over it. */
export function packetBucket(limit: PacketLimit, now: () => number = () => performance.now()) {
  let tokens = limit.packets;
  let last = now();
  return () => {
    const time = now();
    tokens = Math.min(limit.packets, tokens + ((time - last) * limit.packets) / limit.windowMs);
    last = time;
    if (tokens < 1) return false;
    tokens -= 1;
    return true;
  };
}

/**
 * Counts the packets of every connection from its first one (a flood of namespace connects
 * costs a token lookup each, before any socket exists), and from its socket's handshake on
 * against its user's budget too, and closes the connection at the first packet over either
 * limit, logging the flood once. The transport is closed rather than the
 * socket disconnected: clients take it for a network drop and reconnect after their usual
 * delay (RECONNECT), so a buggy app is back with an empty buffer, and a hostile one costs one
 * handshake and `packets` packets per reconnect.
 */
export function guardAgainstFloods(
  io: RealtimeServer,
  options: { logger: FastifyBaseLogger; limit?: PacketLimit },
) {
  const limit = options.limit ?? SOCKET_PACKET_LIMIT;
  const cut = new WeakSet<EngineSocket>();
  const owners = new WeakMap<EngineSocket, { userId: number; socketId: string }>();
  // One bucket per user while he has a socket on this node.
  const users = new Map<number, { allow: () => boolean; sockets: number }>();
  const userLimit = { ...limit, packets: limit.packets * USER_PACKETS_FACTOR };
  const withinUserBudget = (conn: EngineSocket) => {
    const owner = owners.get(conn);
    return owner === undefined || (users.get(owner.userId)?.allow() ?? true);
  };

  io.engine.on('connection', (conn: EngineSocket) => {
    const allow = packetBucket(limit);
    conn.on('packet', () => {
      if (cut.has(conn) || (allow() && withinUserBudget(conn))) return;
      cut.add(conn);
      const owner = owners.get(conn);
      options.logger.warn(
        { userId: owner?.userId ?? null, socketId: owner?.socketId ?? null, limit },
        'socket packet flood: connection closed',
      );
      conn.close();
    });
  });

  io.on('connection', (socket) => {
    const { userId } = socket.data.auth;
    owners.set(socket.conn, { userId, socketId: socket.id });
    const user = users.get(userId) ?? { allow: packetBucket(userLimit), sockets: 0 };
    user.sockets += 1;
    users.set(userId, user);
    socket.on('disconnect', () => {
      user.sockets -= 1;
      if (user.sockets === 0) users.delete(userId);
    });
    // The packet that crossed the limit is still decoded while the transport closes: drop it
    // (and anything else that slips through) before any handler sees it.
    socket.use((_event, next) => {
      if (!cut.has(socket.conn)) next();
    });
  });
}

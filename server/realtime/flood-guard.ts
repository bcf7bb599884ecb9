import type { FastifyBaseLogger } from 'fastify';
import type { Socket } from 'socket.io';
import type { RealtimeServer } from './publisher';

/**
 * How many packets one connection may send (DESIGN §7 "socket event floods", research T15):
 * a burst of `packets`, refilled at `packets` per `windowMs`. Drivers' apps will send a
 * position every few seconds (DESIGN §8: about 1 per 2 s), a few acks and the odd event: 5–10
 * per window. Every packet counts, unknown events, acks, binary attachments, namespace
 * connects and heartbeats included, since each costs the server work.
 *
 * A client that buffers events while offline (socket.io-client's default) sends them all at
 * once on reconnect: drivers' apps should emit positions `volatile`, or the limit cuts them
 * off.
 */
export const SOCKET_PACKET_LIMIT = { packets: 50, windowMs: 10_000 } as const;

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
 * costs a token lookup each, before any socket exists) and closes the connection at the first
 * packet over the limit, logging the flood once. The transport is closed rather than the
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

  io.engine.on('connection', (conn: EngineSocket) => {
    const allow = packetBucket(limit);
    conn.on('packet', () => {
      if (cut.has(conn) || allow()) return;
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
    owners.set(socket.conn, { userId: socket.data.auth.userId, socketId: socket.id });
    // The packet that crossed the limit is still decoded while the transport closes: drop it
    // (and anything else that slips through) before any handler sees it.
    socket.use((_event, next) => {
      if (!cut.has(socket.conn)) next();
    });
  });
}

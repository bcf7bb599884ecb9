import type { Server as HttpServer, IncomingMessage, ServerResponse } from 'node:http';
import type { PositionAck } from '@common/drivers/drivers.schema';
import { fromUtcString } from '@common/lib/dates';
import type {
  DriverAnswerAck,
  MessageAck,
  OfferMark,
  RelayedPosition,
} from '@common/realtime/events';
import { createAdapter } from '@socket.io/redis-adapter';
import type { FastifyBaseLogger } from 'fastify';
import type { RedisClientType } from 'redis';
import { Server } from 'socket.io';
import type { AuthContext } from '../http/auth-context';
import { guardAgainstFloods, type PacketLimit } from './flood-guard';
import type { RealtimeServer, RealtimeSocket } from './publisher';
import { roomsOf } from './socket-rooms';
import { createUserSockets } from './user-sockets';

const NOT_A_DRIVER = 'Sesiunea nu mai este a unui șofer.';

/** What the sockets ask of the rest of the app; given once it is built (`serve`). */
export interface SocketHandlers {
  verifyToken: (token: string) => Promise<AuthContext | null>;
  /** A session as it stands now, read from the database (null: it ended). */
  currentSession: (tokenId: number) => Promise<AuthContext | null>;
  /** Another node ended a session. */
  onSessionEnded: (tokenId: number) => void;
  /** Another node changed orders up to this change number (Publisher.wakeOrderReaders). */
  onOrdersChanged: (seq: number) => void;
  /** Another node changed zones or stands (Publisher.wakeZoneReaders). */
  onZonesChanged: (revision: number) => void;
  /** Another node changed drivers' state up to this change number (Publisher.wakeDriverReaders). */
  onDriversChanged: (seq: number) => void;
  /** Another node's drivers sent these positions (Publisher.relayPositions). */
  onDriverPositions: (positions: RelayedPosition[]) => void;
  /** A driver's socket connected (the driver index makes sure it knows him). */
  onDriverConnected: (auth: AuthContext) => Promise<unknown>;
  /** `currentPosition` from a driver's socket: the answer is the acknowledgement. */
  onCurrentPosition: (auth: AuthContext, payload: unknown) => PositionAck | Promise<PositionAck>;
  /** A driver's answer to an offer on his socket (accept, refuse, viewed). */
  onDriverAnswer: (
    auth: AuthContext,
    event: 'accept_order' | 'refuse_order' | 'order_viewed',
    payload: unknown,
  ) => Promise<DriverAnswerAck>;
  /** Another node made or ended offers (the map's red label). */
  onDriverOffers: (offers: OfferMark[]) => void;
  /** messageRead / messageDelivered from any user's socket: the answer is the acknowledgement. */
  onMessageStatus: (
    auth: AuthContext,
    event: 'messageRead' | 'messageDelivered',
    payload: unknown,
  ) => Promise<MessageAck>;
}

export interface SocketServer {
  io: RealtimeServer;
  /**
   * Starts answering: sockets are authenticated and handled, and the other nodes' messages
   * reach `handlers`. Called once, before the HTTP server listens; until then the other nodes'
   * messages are dropped, which loses nothing (wake-ups only hurry a poll, positions and offer
   * labels come again).
   */
  serve(handlers: SocketHandlers): void;
  /**
   * Derives again the rooms of this node's sockets acting for the user or minted by him, from
   * their sessions as they stand now; a session that ended closes its sockets.
   */
  refreshUser(userId: number): Promise<void>;
  /** The same for every socket of this node (the users' stream had a gap). */
  refreshAll(): Promise<void>;
}

/** Long-polling reads with GET and writes with POST; the websocket upgrade is a GET. */
const POLLING_METHODS = new Set(['GET', 'POST']);
type NextFunction = (error?: Error) => void;

/**
 * The adapter publishes without waiting for the answer (@socket.io/redis-adapter 8.3), so a
 * publish that fails while Redis is away (its offline queue times out) was an unhandled
 * rejection, and Node ended the process: one Redis restart took every node down. What it
 * publishes is only relayed at most once anyway (the orders' change stream does not
 * depend on it), so a failed publish is logged and dropped.
 */
function publishingSafely(client: RedisClientType, logger: FastifyBaseLogger): RedisClientType {
  return new Proxy(client, {
    get(target, property) {
      if (property === 'publish') {
        return (...args: Parameters<RedisClientType['publish']>) =>
          target.publish(...args).catch((error: unknown) => {
            logger.warn({ err: error }, 'a realtime relay to the other nodes was lost (Redis)');
            return 0;
          });
      }
      const value: unknown = Reflect.get(target, property, target);
      // node-redis keeps its state in private fields: its methods must run on the client itself.
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

/**
 * The realtime server: the token comes in the handshake's `auth`, never the query string. Built
 * before the services (they publish through its `io`); `serve` hands it their handlers.
 */
export function createSocketServer(options: {
  httpServer: HttpServer;
  redis?: { pub: RedisClientType; sub: RedisClientType };
  logger: FastifyBaseLogger;
  /**
   * One user's sockets on this node (SOCKETS_PER_USER): three hundred sockets of one driver
   * would multiply his packet budget by three hundred.
   */
  socketsPerUser: number;
  /** Packets one connection may send before it is closed; SOCKET_PACKET_LIMIT by default. */
  packetLimit?: PacketLimit;
}): SocketServer {
  const io: RealtimeServer = new Server(options.httpServer, {
    // Small frames only: positions and acks. A flood of large packets is cut off.
    maxHttpBufferSize: 16 * 1024,
    // Connection-state recovery would skip the auth middleware: keep it off.
    serveClient: false,
    cors: { origin: false },
  });
  if (options.redis) {
    io.adapter(
      createAdapter(publishingSafely(options.redis.pub, options.logger), options.redis.sub),
    );
  }
  guardAgainstFloods(io, { logger: options.logger, limit: options.packetLimit });
  const byUser = createUserSockets<RealtimeSocket>();
  // Engine.IO answers any other method on a long-polling session with a 500 (and an OPTIONS
  // without a session opens one first): refuse them as the bad requests they are.
  io.engine.use((request: IncomingMessage, _response: ServerResponse, next: NextFunction) =>
    next(POLLING_METHODS.has(request.method ?? '') ? undefined : new Error('method not allowed')),
  );

  let served: SocketHandlers | undefined;

  function serve(handlers: SocketHandlers) {
    if (served) throw new Error('the socket server already serves');
    served = handlers;
    io.on('session_ended', handlers.onSessionEnded);
    io.on('orders_changed', handlers.onOrdersChanged);
    io.on('drivers_changed', handlers.onDriversChanged);
    io.on('driver_positions', handlers.onDriverPositions);
    io.on('zones_changed', handlers.onZonesChanged);
    io.on('driver_offers', handlers.onDriverOffers);

    io.use(async (socket, next) => {
      try {
        if (typeof socket.handshake.query.token === 'string') {
          // Tokens in URLs leak into logs: refuse rather than accept quietly.
          return next(new Error('token_in_query'));
        }
        const token = (socket.handshake.auth as { token?: unknown }).token;
        const auth =
          typeof token === 'string' && token.length > 0 ? await handlers.verifyToken(token) : null;
        if (!auth) return next(new Error('unauthorized'));
        if (byUser.count(auth.userId) >= options.socketsPerUser) {
          options.logger.warn({ userId: auth.userId }, 'socket refused: too many for one user');
          return next(new Error('too_many_connections'));
        }
        socket.data.auth = auth;
        next();
      } catch (error) {
        options.logger.error({ err: error }, 'socket authentication failed');
        next(new Error('unavailable'));
      }
    });

    io.on('connection', (socket) => {
      const { auth } = socket.data;
      // Socket.IO's memory advice: the HTTP request that opened the connection (the
      // first long-polling GET with socket.io-client's default transports) is not needed once the
      // handshake is built; kept, it held ~3.5 KB per driver socket (bench/driver-memory).
      (socket.conn as { request: IncomingMessage | null }).request = null;
      byUser.add(socket);
      void socket.join(roomsOf(auth));
      if (auth.roles.includes('driver')) {
        handlers.onDriverConnected(auth).catch((error: unknown) => {
          options.logger.error(
            { err: error, userId: auth.userId },
            'reading a connecting driver failed',
          );
        });
        // Each event acts with the session's authority now (it may have lost the driver role).
        socket.on('currentPosition', (payload, ack) => {
          const reply = (answer: PositionAck) => {
            if (typeof ack === 'function') ack(answer);
          };
          const caller = socket.data.auth;
          if (!caller.roles.includes('driver')) {
            reply({ ok: false, errors: { position: [NOT_A_DRIVER] } });
            return;
          }
          const answer = handlers.onCurrentPosition(caller, payload);
          // A known driver's answer is synchronous (the hot path); a new driver's is read first.
          if (answer instanceof Promise) {
            answer.then(reply, (error: unknown) => {
              options.logger.error(
                { err: error, userId: caller.userId },
                'a driver position failed',
              );
              reply({ ok: false, errors: { position: ['Poziția nu a putut fi primită.'] } });
            });
          } else reply(answer);
        });
        for (const event of ['accept_order', 'refuse_order', 'order_viewed'] as const) {
          socket.on(event, (payload, ack) => {
            const caller = socket.data.auth;
            const answer: Promise<DriverAnswerAck> = caller.roles.includes('driver')
              ? handlers.onDriverAnswer(caller, event, payload)
              : Promise.resolve({ ok: false, message: NOT_A_DRIVER });
            void answer.then((result) => {
              if (typeof ack === 'function') ack(result);
            });
          });
        }
      }
      // Any user reads his messages; each event acts with the session's authority now.
      for (const event of ['messageRead', 'messageDelivered'] as const) {
        socket.on(event, (payload, ack) => {
          const caller = socket.data.auth;
          handlers.onMessageStatus(caller, event, payload).then(
            (answer) => {
              if (typeof ack === 'function') ack(answer);
            },
            (error: unknown) => {
              options.logger.error({ err: error, userId: caller.userId, event }, `${event} failed`);
              if (typeof ack === 'function')
                ack({ ok: false, message: 'Mesajele nu au putut fi marcate.' });
            },
          );
        });
      }
      // A session that expires while connected ends its socket too.
      const msLeft = fromUtcString(auth.expiresAt).getTime() - Date.now();
      const expiry = setTimeout(
        () => socket.disconnect(true),
        Math.max(0, Math.min(msLeft, 2 ** 31 - 1)),
      );
      socket.on('disconnect', () => {
        clearTimeout(expiry);
        byUser.remove(socket);
      });
    });
  }

  /** One socket's rooms from its session now; an ended session is told and closed. */
  async function rederive(socket: RealtimeSocket) {
    // No socket connects before serve(): `served` is there for every socket.
    const now = await (served as SocketHandlers).currentSession(socket.data.auth.tokenId);
    if (!socket.connected) return;
    if (!now) {
      socket.emit('session_revoked', { reason: 'revoked' });
      socket.disconnect(true);
      return;
    }
    const wanted = new Set(roomsOf(now));
    for (const room of socket.rooms)
      if (room !== socket.id && !wanted.has(room)) void socket.leave(room);
    void socket.join([...wanted]);
    socket.data.auth = now;
  }
  const rederiveAll = async (sockets: RealtimeSocket[]) => {
    for (const socket of sockets) {
      try {
        await rederive(socket);
      } catch (error) {
        // Unsure of its authority, the socket is closed: its client reconnects and is checked.
        options.logger.error(
          { err: error, userId: socket.data.auth.userId },
          'socket rooms not derived',
        );
        socket.disconnect(true);
      }
    }
  };
  return {
    io,
    serve,
    refreshUser: (userId) => rederiveAll(byUser.of(userId)),
    refreshAll: () => rederiveAll(byUser.all()),
  };
}

import type { DriverOffer, DriverOrder } from '@common/dispatch/dispatch.schema';
import type { DriverState, DriverStatus, PositionAck } from '@common/drivers/drivers.schema';
import type { Conversation, MarkRead, Message } from '@common/messages/messages.schema';
import type { Order } from '@common/orders/orders.schema';
import type { MessageReceivedPayload, RemoveLiveOrderPayload } from '@common/realtime/events';
import { SIMULATOR_POSITION_INTERVAL_MS } from '@common/simulator/simulator.schema';
import type { User } from '@common/users/users.schema';
import type { LatLng } from '../../map/geometry';

/**
 * What /simulator needs of the server, as a driver's app would use it (docs/DRIVER-API.md):
 * a session of the driver (POST /api/simulator/sessions), his status (GET/PATCH
 * /api/drivers/me/status with that session's token) and a socket of his own.
 */
export interface SimulatorTransport {
  openSession(driverId: number): Promise<string>;
  readStatus(token: string): Promise<DriverState>;
  setStatus(token: string, status: DriverStatus, keepalive?: boolean): Promise<DriverState>;
  endSession(token: string, keepalive?: boolean): Promise<void>;
  connect(token: string, on: DriverSocketHandlers): DriverSocketLink;
  /** His open offers and his companies' pending queue (GET /api/drivers/me/offers). */
  readOffers(token: string): Promise<DriverOffer[]>;
  /** His active orders (GET /api/drivers/me/orders). */
  readOrders(token: string): Promise<DriverOrder[]>;
  /** POST /accept-order {orderId, time}. */
  accept(token: string, orderId: number, minutes: number): Promise<void>;
  /** POST /refuse-order {orderId}. */
  refuse(token: string, orderId: number): Promise<void>;
  /** POST /api/drivers/me/orders/{id}/{arrived,start,finish}. */
  trip(token: string, orderId: number, step: TripStep): Promise<Order>;
  /** POST /api/drivers/me/orders/{id}/cancel {reason}. */
  cancelTrip(token: string, orderId: number, reason: string): Promise<Order>;
  /** His conversations (GET /api/messages/self-interlocutors). */
  readConversations(token: string): Promise<Conversation[]>;
  /** One conversation's newest page, the newest first (GET /api/messages/self). */
  readMessages(token: string, interlocutorId: number, companyId: number): Promise<Message[]>;
  /** POST /api/messages/to-user, with the submission's Idempotency-Key. */
  sendMessage(token: string, reply: MessageReply, idempotencyKey: string): Promise<Message>;
  /** POST /api/messages/read: he read what the interlocutor sent him. */
  markRead(token: string, read: MarkRead): Promise<void>;
}

export interface MessageReply {
  user_id: number;
  company_id: number;
  message: string;
}

export type TripStep = 'arrived' | 'start' | 'finish';

/** What a driver's socket tells him (docs/DRIVER-API.md). */
export interface DriverSocketHandlers {
  state: (state: DriverState) => void;
  /** Connected, the first time or after a reconnect. */
  connected: () => void;
  /** order_available. */
  offer?: (offer: DriverOffer) => void;
  /** 'remove live order'. */
  offerGone?: (payload: RemoveLiveOrderPayload) => void;
  /** order_accept_confirmed. */
  confirmed?: (order: DriverOrder) => void;
  /** pending_orders_updated: his pending list is read again. */
  pendingChanged?: () => void;
  /** order_canceled: an order of his (or offered to him) was canceled. */
  canceled?: (orderId: number) => void;
  /** 'message received' (to him, or to all the company's drivers with no copy's id). */
  message?: (message: MessageReceivedPayload) => void;
  /** message_status: his messages were delivered or read. */
  messageStatus?: () => void;
}

/** The part of a driver's Socket.IO connection the simulator uses. */
export interface DriverSocketLink {
  readonly connected: boolean;
  sendPosition(position: { long: number; lat: number }): Promise<PositionAck>;
  /** order_viewed {orderId}: he saw the offer. */
  viewed(orderId: number): void;
  /** messageDelivered: his device received what the interlocutor sent (the sender's ✓✓). */
  delivered(read: MarkRead): void;
  close(): void;
}

/**
 * An offer on a driver's card. `accepted`: he accepted and waits; the order is
 * confirmed only once the step's search time has passed (order_accept_confirmed), or taken by
 * another (remove_live_order).
 */
export interface SimulatedOffer {
  offer: DriverOffer;
  answer: 'open' | 'sending' | 'accepted';
  minutes: number | null;
}

/** One picked driver as the page shows him. */
export interface SimulatedDriverView {
  driver: User;
  position: LatLng;
  /** His status as the server last told it; null until it answered. */
  status: DriverStatus | null;
  /** A status change is on its way. */
  pending: boolean;
  /** The last refusal or failure, in the server's words; null once something succeeds. */
  error: string | null;
  /** Orders offered to him (and his pending queue), newest last. */
  offers: readonly SimulatedOffer[];
  /** His orders (confirmed to him, not finished). */
  orders: readonly DriverOrder[];
  /** A trip request on its way: the order's id. */
  tripPending: number | null;
  /** Grows with each message event on his socket (and reconnect): his messages are read again. */
  messagesSeq: number;
}

interface Entry {
  view: SimulatedDriverView;
  token: Promise<string>;
  socket: DriverSocketLink | null;
  lastSeq: number;
  closed: boolean;
}

const messageOf = (error: unknown) =>
  error instanceof Error && error.message ? error.message : 'Cererea a eșuat.';

const statusOf = (state: DriverState): DriverStatus =>
  state.is_online ? (state.is_paused ? 'paused' : 'online') : 'offline';

/**
 * /simulator: the picked drivers, each acting through his own session and
 * socket. While a driver is online (or paused) his position goes out every 5 s and
 * at once after a drag; removing him, leaving the page or closing it takes him offline and
 * ends his session. The server's word wins: a ban that takes him offline shows at once.
 */
export function createSimulatorStore(
  transport: SimulatorTransport,
  options: { intervalMs?: number } = {},
) {
  const entries = new Map<number, Entry>();
  const listeners = new Set<() => void>();
  let snapshot: readonly SimulatedDriverView[] = [];
  const intervalMs = options.intervalMs ?? SIMULATOR_POSITION_INTERVAL_MS;

  const publish = () => {
    snapshot = [...entries.values()].map((entry) => entry.view);
    for (const listener of listeners) listener();
  };
  const update = (entry: Entry, change: Partial<SimulatedDriverView>) => {
    if (entry.closed) return;
    entry.view = { ...entry.view, ...change };
    publish();
  };
  const applyState = (entry: Entry, state: DriverState) => {
    if (state.seq < entry.lastSeq) return;
    entry.lastSeq = state.seq;
    const status = statusOf(state);
    const changed = entry.view.status !== null && entry.view.status !== status;
    update(entry, { status });
    // What he can take follows his status: the pending queue is only for a driver at work, so
    // it is read again, never left on his card to answer 409.
    if (changed) void refreshDispatch(entry);
  };

  function sendPosition(entry: Entry) {
    const { status, position } = entry.view;
    if (entry.closed || status === null || status === 'offline' || !entry.socket?.connected) return;
    entry.socket
      .sendPosition({ long: position.lng, lat: position.lat })
      .then((ack) => {
        if (!ack.ok) update(entry, { error: Object.values(ack.errors).flat().join(' ') });
      })
      .catch(() => undefined); // the next one, 5 s later, repairs it (positions are ephemeral)
  }

  // Every 5 s, while anyone is picked.
  let timer: ReturnType<typeof setInterval> | null = null;
  const tick = () => {
    for (const entry of entries.values()) sendPosition(entry);
  };
  const followTimer = () => {
    if (entries.size > 0 && timer === null) timer = setInterval(tick, intervalMs);
    if (entries.size === 0 && timer !== null) {
      clearInterval(timer);
      timer = null;
    }
  };

  async function connectEntry(entry: Entry) {
    try {
      const token = await entry.token;
      if (entry.closed) return;
      entry.socket = transport.connect(token, {
        state: (state) => {
          if (state.driver_id === entry.view.driver.id) applyState(entry, state);
        },
        // Online before the socket was up (or back after a reconnect): report at once, and
        // read his offers and orders again (a reload or a gap keeps them).
        connected: () => {
          sendPosition(entry);
          void refreshDispatch(entry);
          messagesChanged(entry);
        },
        message: (message) => {
          // As his app does: this device has it (a message to all has no copy to mark).
          if (message.id !== null && message.sender_id !== entry.view.driver.id) {
            entry.socket?.delivered({
              interlocutor_id: message.sender_id,
              company_id: message.company_id,
            });
          }
          messagesChanged(entry);
        },
        messageStatus: () => messagesChanged(entry),
        offer: (offer) => receiveOffer(entry, offer),
        offerGone: ({ orderId }) =>
          update(entry, { offers: entry.view.offers.filter((o) => o.offer.orderId !== orderId) }),
        confirmed: (order) => confirmOrder(entry, order),
        pendingChanged: () => void refreshDispatch(entry),
        canceled: (orderId) =>
          update(entry, {
            offers: entry.view.offers.filter((o) => o.offer.orderId !== orderId),
            orders: entry.view.orders.filter((o) => o.id !== orderId),
          }),
      });
      try {
        applyState(entry, await transport.readStatus(token));
      } catch {
        // A driver the server has not tracked yet (no state change since it started): the
        // users list's view of him holds until his first change answers with the server's.
        const { is_online, is_paused } = entry.view.driver;
        update(entry, { status: is_online ? (is_paused ? 'paused' : 'online') : 'offline' });
      }
    } catch (error) {
      update(entry, { error: messageOf(error) });
    }
  }

  const messagesChanged = (entry: Entry) =>
    update(entry, { messagesSeq: entry.view.messagesSeq + 1 });

  /** His token, for what he does over REST; rejected once he is no longer picked. */
  const tokenOf = (driverId: number): Promise<string> => {
    const entry = entries.get(driverId);
    return entry ? entry.token : Promise.reject(new Error('Șoferul nu mai este în simulator.'));
  };

  /** His offers and orders as the server has them; what he is answering right now is kept. */
  async function refreshDispatch(entry: Entry) {
    try {
      const token = await entry.token;
      const [offers, orders] = await Promise.all([
        transport.readOffers(token),
        transport.readOrders(token),
      ]);
      const known = new Map(entry.view.offers.map((o) => [o.offer.orderId, o]));
      const mine = new Set(orders.map((o) => o.id));
      update(entry, {
        offers: offers
          .filter((offer) => !mine.has(offer.orderId))
          .map((offer) => ({
            offer,
            answer: known.get(offer.orderId)?.answer ?? 'open',
            minutes: known.get(offer.orderId)?.minutes ?? null,
          })),
        orders,
      });
    } catch {
      // The pushes still come; the next reconnect reads again.
    }
  }

  function receiveOffer(entry: Entry, offer: DriverOffer) {
    const others = entry.view.offers.filter((o) => o.offer.orderId !== offer.orderId);
    const previous = entry.view.offers.find((o) => o.offer.orderId === offer.orderId);
    update(entry, {
      offers: [
        ...others,
        previous ? { ...previous, offer } : { offer, answer: 'open', minutes: null },
      ],
    });
    // The simulator sends order_viewed (the console's 'viewed' tick).
    entry.socket?.viewed(offer.orderId);
  }

  function confirmOrder(entry: Entry, order: DriverOrder) {
    update(entry, {
      offers: entry.view.offers.filter((o) => o.offer.orderId !== order.id),
      orders: [...entry.view.orders.filter((o) => o.id !== order.id), order],
    });
  }

  const setAnswer = (entry: Entry, orderId: number, change: Partial<SimulatedOffer>) =>
    update(entry, {
      offers: entry.view.offers.map((o) => (o.offer.orderId === orderId ? { ...o, ...change } : o)),
    });

  /** A trip step's answer: the order as it is now; finished or canceled leaves his card. */
  function applyTrip(entry: Entry, order: Order) {
    const done = order.state === 'finished' || order.state === 'canceled';
    update(entry, {
      tripPending: null,
      error: null,
      orders: done
        ? entry.view.orders.filter((o) => o.id !== order.id)
        : entry.view.orders.map((o) =>
            o.id === order.id
              ? {
                  ...o,
                  state: order.state,
                  trip_state: order.trip_state ?? null,
                  trip_started_at: order.trip_started_at ?? null,
                }
              : o,
          ),
    });
  }

  async function leave(entry: Entry, keepalive: boolean) {
    entry.closed = true;
    try {
      const token = await entry.token;
      if (entry.view.status !== 'offline') await transport.setStatus(token, 'offline', keepalive);
      await transport.endSession(token, keepalive);
    } catch {
      // His session ends by itself (SIMULATOR_SESSION_HOURS); the server takes a silent
      // driver offline.
    } finally {
      entry.socket?.close();
    }
  }

  /**
   * His app's status (docs/DRIVER-API.md §2): online, paused (on the map, offered nothing:
   * the trace's 'în pauză') or offline; his position goes out at once.
   */
  async function setStatus(driverId: number, status: DriverStatus) {
    const entry = entries.get(driverId);
    if (!entry) return;
    update(entry, { pending: true, error: null });
    try {
      const state = await transport.setStatus(await entry.token, status);
      applyState(entry, state);
      update(entry, { pending: false });
      sendPosition(entry);
    } catch (error) {
      // 409: a banned driver cannot go online (the server says why).
      update(entry, { pending: false, error: messageOf(error) });
    }
  }

  return {
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getSnapshot: () => snapshot,

    /** Picks a driver: a session of his own, his socket, and his status as the server has it. */
    add(driver: User, position: LatLng) {
      if (entries.has(driver.id)) return;
      const token = transport.openSession(driver.id);
      token.catch(() => undefined); // reported by connectEntry
      const entry: Entry = {
        view: {
          driver,
          position,
          status: null,
          pending: false,
          error: null,
          offers: [],
          orders: [],
          tripPending: null,
          messagesSeq: 0,
        },
        token,
        socket: null,
        lastSeq: -1,
        closed: false,
      };
      entries.set(driver.id, entry);
      followTimer();
      publish();
      void connectEntry(entry);
    },

    /** The card's toggle: online (and his position at once) or offline. */
    setOnline: (driverId: number, online: boolean) =>
      setStatus(driverId, online ? 'online' : 'offline'),

    setStatus,

    /** A drag on the map: the new position goes out at once while he is at work. */
    move(driverId: number, position: LatLng) {
      const entry = entries.get(driverId);
      if (!entry) return;
      update(entry, { position });
      sendPosition(entry);
    },

    /** 'Accept' with the minutes he needs to the client (3 by default). */
    async accept(driverId: number, orderId: number, minutes: number) {
      const entry = entries.get(driverId);
      if (!entry) return;
      setAnswer(entry, orderId, { answer: 'sending', minutes });
      try {
        await transport.accept(await entry.token, orderId, minutes);
        // Confirmed already (a pending order taken at once)? Then the offer is gone anyway.
        setAnswer(entry, orderId, { answer: 'accepted' });
        update(entry, { error: null });
      } catch (error) {
        setAnswer(entry, orderId, { answer: 'open', minutes: null });
        update(entry, { error: messageOf(error) });
      }
    },

    /** 'Refuz': the offer leaves his card once the server took the refusal. */
    async refuse(driverId: number, orderId: number) {
      const entry = entries.get(driverId);
      if (!entry) return;
      setAnswer(entry, orderId, { answer: 'sending' });
      try {
        await transport.refuse(await entry.token, orderId);
        update(entry, {
          error: null,
          offers: entry.view.offers.filter((o) => o.offer.orderId !== orderId),
        });
      } catch (error) {
        setAnswer(entry, orderId, { answer: 'open' });
        update(entry, { error: messageOf(error) });
      }
    },

    /** 'Am ajuns', 'Pornește cursa', 'Finalizează' (trip states). */
    async trip(driverId: number, orderId: number, step: TripStep) {
      const entry = entries.get(driverId);
      if (!entry) return;
      update(entry, { tripPending: orderId });
      try {
        applyTrip(entry, await transport.trip(await entry.token, orderId, step));
      } catch (error) {
        update(entry, { tripPending: null, error: messageOf(error) });
      }
    },

    /** 'Anulează' with his reason (the cancellation text `driverId~reason`). */
    async cancelTrip(driverId: number, orderId: number, reason: string) {
      const entry = entries.get(driverId);
      if (!entry) return;
      update(entry, { tripPending: orderId });
      try {
        applyTrip(entry, await transport.cancelTrip(await entry.token, orderId, reason));
      } catch (error) {
        update(entry, { tripPending: null, error: messageOf(error) });
      }
    },

    /** His messages, with his own session (docs/MESSAGES.md: the whole loop alone). */
    readConversations: async (driverId: number) =>
      transport.readConversations(await tokenOf(driverId)),
    readMessages: async (driverId: number, interlocutorId: number, companyId: number) =>
      transport.readMessages(await tokenOf(driverId), interlocutorId, companyId),
    sendMessage: async (driverId: number, reply: MessageReply, idempotencyKey: string) =>
      transport.sendMessage(await tokenOf(driverId), reply, idempotencyKey),
    markRead: async (driverId: number, read: MarkRead) =>
      transport.markRead(await tokenOf(driverId), read),

    /** Removes his card: offline, session ended. */
    async remove(driverId: number) {
      const entry = entries.get(driverId);
      if (!entry) return;
      entries.delete(driverId);
      followTimer();
      publish();
      await leave(entry, false);
    },

    /**
     * Leaving the page: every driver offline. `keepalive` when the page itself is closing, so
     * the requests outlive it.
     */
    async closeAll(keepalive = false) {
      const all = [...entries.values()];
      entries.clear();
      followTimer();
      publish();
      await Promise.all(all.map((entry) => leave(entry, keepalive)));
    },
  };
}

export type SimulatorStore = ReturnType<typeof createSimulatorStore>;

import type { AcceptOrderBody, DriverSearch, OfferAnswer } from '@common/dispatch/dispatch.schema';
import type { SearchItem } from '@common/dispatch/search-method.schema';
import type { Order } from '@common/orders/orders.schema';
import { conflict } from '../../../http/app-error';
import type { AuthContext } from '../../../http/auth-context';
import { DriverTakenError } from '../../orders/write/dispatch-transitions';
import { readDriverSearch } from './driver-search-view';
import { createSearchRunner, FencedOutError, type RunnerDeps } from './search-runner';
import {
  answerOffer,
  appendTrace,
  claimDue,
  clearRefusals,
  countRefusal,
  insertOffers,
  loadSearch,
  makeDue,
  markViewed,
  type OfferRow,
  offersOf,
  releaseLeases,
} from './searches.repo';

export const OFFER_GONE = 'Oferta nu mai este valabilă.';
const BAN_REASON = 'Refuzuri repetate de comenzi';

export interface EngineDeps extends Omit<RunnerDeps, 'now'> {
  nodeId: string;
  drivers: {
    /** Bans until `untilMs` (epoch ms of the engine's clock). */
    banForRefusals(driverId: number, untilMs: number, reason: string): Promise<void>;
    resetIdle(driverId: number): Promise<void>;
  };
  config: { pollMs: number; leaseMs: number };
  now?: () => number;
  onError: (error: unknown, what: string, context?: Record<string, unknown>) => void;
}

/** Searches one node runs at once: a step is a few statements, so a few keep both cores busy. */
const CLAIM_BATCH = 16;

/**
 * The dispatch engine on one node. Searches live in PostgreSQL; every
 * node claims the due ones with a lease (a search placed here is claimed at once, the rest at
 * each poll), runs one step, and lets go: a node that dies mid-step loses its lease after
 * `leaseMs` and another continues from the durable state. Drivers' answers are written on
 * whichever node receives them; the step's deadline decides.
 */
export function createDispatchEngine(deps: EngineDeps) {
  const now = deps.now ?? Date.now;
  const runner = createSearchRunner({
    db: deps.db,
    index: deps.index,
    zones: deps.zones,
    routing: deps.routing,
    writes: deps.writes,
    planFor: deps.planFor,
    priorityDriverIds: deps.priorityDriverIds,
    notify: deps.notify,
    now,
    minBalanceOf: deps.minBalanceOf,
  });
  const running = new Set<Promise<unknown>>();
  const timers = new Map<number, NodeJS.Timeout>();
  let poll: NodeJS.Timeout | undefined;
  let stopped = true;

  /** Runs claimed searches; each remembers when it is next due here (a timer, not a poll). */
  async function runClaimed(claims: { order_id: number; fence: number }[]) {
    await Promise.all(
      claims.map(async ({ order_id, fence }) => {
        try {
          const due = await runner.run(order_id, fence);
          if (due !== null) wakeAt(order_id, due);
        } catch (error) {
          // Another node took it (a lease past due); or a fault: the lease expires, and any
          // node tries again then.
          if (!(error instanceof FencedOutError))
            deps.onError(error, 'running a driver search', { orderId: order_id });
        }
      }),
    );
  }

  function track<T>(work: Promise<T>): Promise<T> {
    running.add(work);
    void work.finally(() => running.delete(work));
    return work;
  }

  /** Claims and runs what is due now (every poll; tests call it with their clock). */
  async function tick(): Promise<number> {
    if (stopped && poll !== undefined) return 0;
    const claims = await claimDue(deps.db, deps.nodeId, now(), deps.config.leaseMs, CLAIM_BATCH);
    await runClaimed(claims);
    return claims.length;
  }

  /** One search, now, if it is due and free (a placing on this node, an answer, a change). */
  function kick(orderId: number) {
    if (stopped) return;
    void track(
      claimDue(deps.db, deps.nodeId, now(), deps.config.leaseMs, 1, orderId)
        .then(runClaimed)
        .catch((error: unknown) => deps.onError(error, 'starting a driver search', { orderId })),
    );
  }

  function wakeAt(orderId: number, dueMs: number) {
    if (stopped) return;
    clearTimeout(timers.get(orderId));
    const timer = setTimeout(
      () => {
        timers.delete(orderId);
        kick(orderId);
      },
      Math.max(0, dueMs - now()) + 5,
    );
    timer.unref();
    timers.set(orderId, timer);
  }

  /**
   * ban_conditions: a refusal of a driver offered at a rank the rule covers counts;
   * at `count` within `reset_interval` minutes he is banned that long (ban) or his idle time
   * starts again (reset), and his counter starts over.
   */
  async function applyRefusalRule(offer: OfferRow, companyId: number, item: SearchItem) {
    const rule = item.ban_conditions;
    if (!rule.active || offer.rank < rule.drivers.from || offer.rank > rule.drivers.to) return;
    const count = await countRefusal(
      deps.db,
      offer.driver_id,
      companyId,
      now(),
      rule.reset_interval * 60_000,
    );
    if (count < rule.count) return;
    await clearRefusals(deps.db, offer.driver_id, companyId);
    if (rule.type === 'ban') {
      await deps.drivers.banForRefusals(
        offer.driver_id,
        now() + rule.reset_interval * 60_000,
        BAN_REASON,
      );
    } else {
      await deps.drivers.resetIdle(offer.driver_id);
    }
    await appendTrace(deps.db, offer.order_id, now(), [
      {
        generation: offer.generation,
        step: offer.step,
        kind: 'ban',
        details: {
          driver_id: offer.driver_id,
          type: rule.type,
          refusals: count,
          minutes: rule.reset_interval,
        },
      },
    ]);
  }

  /**
   * A driver takes an order from his companies' pending queue (pinned, or moved there by a
   * dispatcher): confirmed at once through the same single-winner guard.
   */
  async function takePending(
    auth: AuthContext,
    orderId: number,
    minutes: number,
  ): Promise<OfferAnswer> {
    const loaded = await loadSearch(deps.db, orderId);
    const order = loaded?.order;
    const live = deps.index.get(auth.userId);
    const mine =
      order &&
      live &&
      [order.processed_by_company_id, ...order.search_company_ids].some((id) =>
        live.company_ids.includes(id),
      );
    if (!loaded || !order || !mine || !order.in_pending_queue) throw conflict(OFFER_GONE);
    if (live.is_busy || !live.is_online)
      throw conflict('Nu puteți prelua o comandă cât timp sunteți ocupat sau offline.');
    const at = now();
    const search = loaded.search;
    try {
      const confirmed = await deps.writes.confirm(
        orderId,
        { id: auth.userId, indicativ: live.indicativ },
        minutes,
        async (tx) => {
          await insertOffers(
            tx,
            { ...search, step: Math.max(search.step, 0) },
            [{ driver_id: auth.userId, rank: 1, kind: 'pending', distance_m: null }],
            at,
            at,
          );
          await appendTrace(tx, orderId, at, [
            {
              generation: search.generation,
              step: Math.max(search.step, 0),
              kind: 'confirmed',
              details: {
                driver_id: auth.userId,
                indicativ: live.indicativ,
                minutes,
                from: 'pending_queue',
              },
            },
          ]);
        },
      );
      if (!confirmed) throw conflict(OFFER_GONE);
      deps.notify.confirmed(confirmed, auth.userId);
      deps.notify.pendingChanged([order.processed_by_company_id]);
      return { orderId, answer: 'accepted' };
    } catch (error) {
      if (error instanceof DriverTakenError) throw conflict('Aveți deja o comandă activă.');
      throw error;
    }
  }

  /** Everyone has answered (or the rotation's one driver has): the step closes now. */
  async function closeIfDecided(orderId: number, offer: OfferRow, item: SearchItem) {
    const offers = (await offersOf(deps.db, orderId, offer.generation)).filter(
      (o) => o.step === offer.step,
    );
    const open = offers.some((o) => o.answer === null);
    const allRefused = offers.every((o) => o.answer === 'refused');
    if (item.notification_method === 'by_rotation' || (!open && allRefused)) {
      if (await makeDue(deps.db, orderId, now())) kick(orderId);
    }
  }

  return {
    tick,
    kick,
    /** Orders' write path hook, after each commit: the order's search looks at it now. */
    changed(order: Order) {
      if (order.state === 'created' && order.driver_id === null && !order.in_pending_queue) {
        kick(order.id);
        return;
      }
      // The engine's own writes end the search with them: then there is nothing to wake.
      void track(
        makeDue(deps.db, order.id, now())
          .then((running) => {
            if (running) kick(order.id);
          })
          .catch((error: unknown) =>
            deps.onError(error, 'waking a driver search', { orderId: order.id }),
          ),
      );
    },

    /** Accept-order: the token's driver accepts his offer (or takes a pending order). */
    async accept(auth: AuthContext, body: AcceptOrderBody): Promise<OfferAnswer> {
      const offer = await answerOffer(deps.db, {
        orderId: body.orderId,
        driverId: auth.userId,
        answer: 'accepted',
        minutes: body.time,
        nowMs: now(),
      });
      if (!offer) return takePending(auth, body.orderId, body.time);
      await appendTrace(deps.db, body.orderId, now(), [
        {
          generation: offer.generation,
          step: offer.step,
          kind: 'accepted',
          details: { driver_id: auth.userId, minutes: body.time },
        },
      ]);
      deps.notify.searchChanged(offer.company_id, body.orderId);
      if (offer.item) await closeIfDecided(body.orderId, offer, offer.item);
      return { orderId: body.orderId, answer: 'accepted' };
    },

    /** The token's driver refuses his offer; the method's ban_conditions may ban him. */
    async refuse(auth: AuthContext, orderId: number): Promise<OfferAnswer> {
      const offer = await answerOffer(deps.db, {
        orderId,
        driverId: auth.userId,
        answer: 'refused',
        minutes: null,
        nowMs: now(),
      });
      if (!offer) throw conflict(OFFER_GONE);
      deps.notify.gone(orderId, [auth.userId], 'expired');
      await appendTrace(deps.db, orderId, now(), [
        {
          generation: offer.generation,
          step: offer.step,
          kind: 'refused',
          details: { driver_id: auth.userId },
        },
      ]);
      deps.notify.searchChanged(offer.company_id, orderId);
      if (offer.item) {
        await applyRefusalRule(offer, offer.company_id, offer.item);
        await closeIfDecided(orderId, offer, offer.item);
      }
      return { orderId, answer: 'refused' };
    },

    /** order_viewed. */
    async viewed(auth: AuthContext, orderId: number): Promise<void> {
      const offer = await markViewed(deps.db, orderId, auth.userId, now());
      if (!offer) return;
      await appendTrace(deps.db, orderId, now(), [
        {
          generation: offer.generation,
          step: offer.step,
          kind: 'viewed',
          details: { driver_id: auth.userId },
        },
      ]);
      deps.notify.searchChanged(offer.company_id, orderId);
    },

    /** The drivers of the order's search with viewed/accepted. */
    searchOf: (orderId: number): Promise<DriverSearch> => readDriverSearch(deps.db, orderId),

    /** Resolves once the work under way here has ended (tests, before they move the clock). */
    async idle(): Promise<void> {
      while (running.size > 0) await Promise.allSettled([...running]);
    },

    start() {
      stopped = false;
      poll = setInterval(() => {
        void track(
          tick().catch((error: unknown) => deps.onError(error, 'claiming driver searches')),
        );
      }, deps.config.pollMs);
      poll.unref();
    },

    /**
     * Graceful shutdown: claim nothing more, finish the steps under way, let go of
     * the leases so another node continues at once.
     */
    async stop() {
      stopped = true;
      clearInterval(poll);
      for (const timer of timers.values()) clearTimeout(timer);
      timers.clear();
      await Promise.allSettled([...running]);
      await releaseLeases(deps.db, deps.nodeId).catch((error: unknown) =>
        deps.onError(error, 'releasing search leases'),
      );
    },
  };
}

export type DispatchEngine = ReturnType<typeof createDispatchEngine>;

import type { SearchItem, SearchPlan } from '@common/dispatch/search-method.schema';
import { toUtcString } from '@common/lib/dates';
import { sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../../db/client';
import type { DriverIndex } from '../../drivers/live/driver-index';
import type { DispatchTransitions } from '../../orders/write/dispatch-transitions';
import { DriverTakenError } from '../../orders/write/dispatch-transitions';
import type { Routing } from '../../routing/routing.service';
import type { ZoneIndex } from '../../zones/zone-index';
import { gatherPool, rankPool, TRACE_SKIPPED_MAX } from './candidates';
import type { DispatchNotifier } from './dispatch-notifier';
import { confirmationOrder, searchVerdict, stepAfter, stepTally } from './search-states';
import { SEARCH_TYPE_SPECS } from './search-types';
import {
  appendTrace,
  fenced,
  insertOffers,
  isSearching,
  loadSearch,
  markLost,
  type NewOffer,
  type OfferRow,
  offersOf,
  type RotationEntry,
  type SearchOrder,
  type SearchRow,
  stillSearching,
  type TraceRow,
  withdrawOpen,
  writeStep,
} from './searches.repo';
import type { Considered, Pool, StepContext } from './step-context';

/** A write of a node that lost its lease (another node claimed the search since). */
export class FencedOutError extends Error {
  constructor(orderId: number) {
    super(`search of order ${orderId}: lease lost to another node`);
  }
}

/** The order left the search while a step was deciding (canceled, taken by hand, queued). */
class MovedOnError extends Error {}

export interface RunnerDeps {
  db: Db;
  index: DriverIndex;
  zones: () => ZoneIndex;
  routing: Pick<Routing, 'toPoint'>;
  writes: DispatchTransitions;
  planFor: (db: DbOrTx, companyId: number, nowMs: number) => Promise<SearchPlan>;
  priorityDriverIds: (db: DbOrTx, companyIds: number[], nowUtc: string) => Promise<Set<number>>;
  notify: DispatchNotifier;
  now: () => number;
  /** A company's minimum balance (bani; its finance settings, through a short cache). */
  minBalanceOf: (companyId: number) => Promise<number>;
}

const CONFIRMED = sql`state = 'done', outcome = 'confirmed', lease_until_ms = 0`;

/**
 * One step of one search, on the node holding its lease: close the step
 * that is due (confirm the best accepted driver, or move on), or open the next one (find,
 * rank and offer drivers), or end the search (nobody left; the order moved on). Every write is
 * fenced by the claim's token, so a node that lost its lease changes nothing.
 */
export function createSearchRunner(deps: RunnerDeps) {
  const { db } = deps;

  const minBalancesOf = async (companyIds: number[]) =>
    new Map(
      await Promise.all(companyIds.map(async (id) => [id, await deps.minBalanceOf(id)] as const)),
    );

  const guard = async (tx: DbOrTx, orderId: number, fence: number, set: ReturnType<typeof sql>) => {
    if (!(await fenced(tx, orderId, fence, set))) throw new FencedOutError(orderId);
  };

  /** As `guard`, for a write that offers the order: it must still be searching. */
  const guardOffering = async (
    tx: DbOrTx,
    orderId: number,
    fence: number,
    set: ReturnType<typeof sql>,
  ) => {
    if (await fenced(tx, orderId, fence, set, stillSearching(orderId))) return;
    if (await fenced(tx, orderId, fence, sql`fence = fence`)) throw new MovedOnError();
    throw new FencedOutError(orderId);
  };

  /** The order left the search (canceled, pinned, assigned by hand): end it, tell its drivers. */
  async function stop(search: SearchRow, outcome: 'stopped' | 'pinned', fence: number) {
    const now = deps.now();
    const gone = await db.transaction(async (tx) => {
      await guard(
        tx,
        search.order_id,
        fence,
        sql`state = 'done', outcome = ${outcome}, lease_until_ms = 0`,
      );
      const drivers = await withdrawOpen(tx, search.order_id, search.generation, now);
      await appendTrace(tx, search.order_id, now, [
        {
          generation: search.generation,
          step: Math.max(search.step, 0),
          kind: outcome,
          details: {},
        },
      ]);
      return drivers;
    });
    deps.notify.gone(search.order_id, gone, outcome === 'pinned' ? 'pending' : 'canceled');
    deps.notify.searchChanged(search.company_id, search.order_id);
  }

  /** The plan a search follows: the interval's method, or only the selected drivers. */
  async function planOf(search: SearchRow, order: SearchOrder): Promise<SearchPlan> {
    if (search.plan) return search.plan;
    const plan = await deps.planFor(db, order.processed_by_company_id, deps.now());
    if (order.custom_driver_ids.length === 0) return plan;
    // 'Notify selected drivers': one step, the first item's timing, all of them at once.
    const first = plan.items[0] as SearchItem;
    return { ...plan, items: [{ ...first, notification_method: 'all', exclude_previous: false }] };
  }

  /** The best accepted driver of the closing step, confirmed; false when none could be. */
  async function confirmBest(
    search: SearchRow,
    order: SearchOrder,
    accepted: OfferRow[],
    item: SearchItem,
    fence: number,
  ) {
    for (const offer of confirmationOrder(accepted, item)) {
      const live = deps.index.get(offer.driver_id);
      const now = deps.now();
      let others: { withdrawn: number[]; lost: number[] } = { withdrawn: [], lost: [] };
      try {
        const confirmed = await deps.writes.confirm(
          order.id,
          { id: offer.driver_id, indicativ: live?.indicativ ?? null },
          offer.minutes,
          async (tx) => {
            await guard(tx, order.id, fence, CONFIRMED);
            others = {
              lost: await markLost(tx, order.id, search.generation, offer.driver_id),
              withdrawn: await withdrawOpen(tx, order.id, search.generation, now),
            };
            await appendTrace(tx, order.id, now, [
              {
                generation: search.generation,
                step: search.step,
                kind: 'confirmed',
                details: {
                  driver_id: offer.driver_id,
                  indicativ: live?.indicativ ?? null,
                  minutes: offer.minutes,
                  rank: offer.rank,
                },
              },
            ]);
          },
        );
        if (!confirmed) {
          // The guard refused: either the order left the search meanwhile (its wake-up found
          // our lease), or this driver holds another order now (the next accepter is tried).
          if (!(await isSearching(db, order.id))) throw new MovedOnError();
          throw new DriverTakenError(offer.driver_id);
        }
        deps.notify.confirmed(confirmed, offer.driver_id);
        deps.notify.gone(order.id, [...others.lost, ...others.withdrawn], 'taken');
        deps.notify.searchChanged(search.company_id, order.id);
        return true;
      } catch (error) {
        if (!(error instanceof DriverTakenError)) throw error;
        await appendTrace(db, order.id, now, [
          {
            generation: search.generation,
            step: search.step,
            kind: 'lost',
            details: { driver_id: offer.driver_id, why: 'busy' },
          },
        ]);
      }
    }
    return false;
  }

  /** Route distances for the pool when the type or the ordering needs them (one table call). */
  async function withRoutes(pool: Pool, ctx: StepContext): Promise<void> {
    const needed = pool.needsRoutes || ctx.item.search_order_by === 'by_route_distance';
    const onMap = pool.drivers.filter((c) => c.driver.lat !== null && c.driver.long !== null);
    if (!needed || onMap.length === 0) return;
    const legs = await deps.routing.toPoint(
      onMap.map((c) => ({ lat: c.driver.lat as number, long: c.driver.long as number })),
      ctx.pickup,
    );
    onMap.forEach((c, i) => {
      const leg = legs[i];
      c.routeM = leg && Number.isFinite(leg.distanceM) ? Math.round(leg.distanceM) : null;
    });
  }

  const traceDriver = (c: Considered, rank?: number) => ({
    driver_id: c.driver.driver_id,
    indicativ: c.driver.indicativ,
    distance_m: Number.isFinite(c.distanceM) ? c.distanceM : null,
    route_m: c.routeM,
    skipped: c.skipped,
    ...(rank !== undefined ? { rank } : {}),
  });

  /** Opens step `step` of the plan: finds, ranks and offers drivers, then waits its time. */
  async function openStep(
    search: SearchRow,
    order: SearchOrder,
    plan: SearchPlan,
    step: number,
    offers: OfferRow[],
    fence: number,
  ) {
    const item = plan.items[step] as SearchItem;
    const now = deps.now();
    const pickup = order.places[0] as { lat: number; long: number };
    const companyIds = [...new Set([order.processed_by_company_id, ...order.search_company_ids])];
    const ctx: StepContext = {
      item,
      pickup,
      companyIds,
      customDriverIds: order.custom_driver_ids,
      priority: await deps.priorityDriverIds(db, companyIds, toUtcString(new Date(now))),
      offeredBefore: new Set(offers.map((o) => o.driver_id)),
      refused: new Set(offers.filter((o) => o.answer === 'refused').map((o) => o.driver_id)),
      orderId: order.id,
      nowMs: now,
      nowUtc: toUtcString(new Date(now)),
      minBalances: await minBalancesOf(companyIds),
    };
    const preStep = SEARCH_TYPE_SPECS[item.search_type].preStep;
    const hints = preStep ? await preStep(ctx, { zones: deps.zones(), routing: deps.routing }) : {};
    const pool = gatherPool(deps.index, deps.zones(), ctx, hints);
    await withRoutes(pool, ctx);
    const { offered, skipped } = rankPool(pool, ctx);

    const kind: NewOffer['kind'] =
      item.notification_method === 'pending' || item.notification_method === 'pending_pinned'
        ? 'pending'
        : 'offer';
    const rotation: RotationEntry[] | null =
      item.notification_method === 'by_rotation'
        ? offered.map((c, i) => ({
            driver_id: c.driver.driver_id,
            rank: i + 1,
            distance_m: finite(c.distanceM),
          }))
        : null;
    const due = now + item.search_time * 1000;
    const toOffer: NewOffer[] = (rotation ? offered.slice(0, 1) : offered).map((c, i) => ({
      driver_id: c.driver.driver_id,
      rank: i + 1,
      kind,
      distance_m: finite(c.distanceM),
    }));
    const trace: TraceRow[] = [
      {
        generation: search.generation,
        step,
        kind: 'step',
        details: {
          item,
          method_id: plan.method_id,
          interval_id: plan.interval_id,
          zone_id: pool.zoneId,
          stand_id: pool.standId,
          custom: order.custom_driver_ids.length > 0,
          offered: offered.map((c, i) => traceDriver(c, i + 1)),
          skipped: skipped.slice(0, TRACE_SKIPPED_MAX).map((c) => traceDriver(c)),
          skipped_count: skipped.length,
        },
      },
    ];
    // One statement: the step, the last step's unanswered offers ended, the offers, the trace.
    const expired = await writeStep(db, {
      orderId: order.id,
      fence,
      step,
      plan,
      rotation,
      dueMs: due,
      nowMs: now,
      offers: toOffer,
      trace,
    });
    if (expired === 'moved') throw new MovedOnError();
    if (expired === 'fenced') throw new FencedOutError(order.id);
    deps.notify.gone(order.id, expired, 'expired');
    deps.notify.offered(order, toOffer, due);
    deps.notify.searchChanged(search.company_id, order.id);
    return due;
  }

  /** by_rotation: the slot ended unanswered or refused; the next driver of the list, if any. */
  async function nextSlot(search: SearchRow, order: SearchOrder, item: SearchItem, fence: number) {
    const rotation = search.rotation ?? [];
    const slot = search.slot + 1;
    const entry = rotation[slot];
    if (!entry) return null;
    const now = deps.now();
    const due = now + item.search_time * 1000;
    const offer: NewOffer = {
      driver_id: entry.driver_id,
      rank: entry.rank,
      kind: 'offer',
      distance_m: entry.distance_m,
    };
    const withdrawn = await db.transaction(async (tx) => {
      await guardOffering(
        tx,
        order.id,
        fence,
        sql`slot = ${slot}, due_ms = ${due}, lease_until_ms = 0`,
      );
      const gone = await withdrawOpen(tx, order.id, search.generation, now);
      await insertOffers(tx, search, [offer], now, due);
      return gone;
    });
    deps.notify.gone(order.id, withdrawn, 'expired');
    deps.notify.offered(order, [offer], due);
    deps.notify.searchChanged(search.company_id, order.id);
    return due;
  }

  /** Steps exhausted: pinned in the pending queue (pending_pinned) or canceled, nobody found. */
  async function exhaust(search: SearchRow, order: SearchOrder, plan: SearchPlan, fence: number) {
    const now = deps.now();
    const last = plan.items[plan.items.length - 1] as SearchItem;
    const pin = last.notification_method === 'pending_pinned';
    let gone: number[] = [];
    const within = async (tx: DbOrTx) => {
      await guard(
        tx,
        order.id,
        fence,
        sql`state = 'done', outcome = ${pin ? 'pinned' : 'no_drivers_found'}, lease_until_ms = 0`,
      );
      gone = await withdrawOpen(tx, order.id, search.generation, now);
      await appendTrace(tx, order.id, now, [
        {
          generation: search.generation,
          step: search.step,
          kind: pin ? 'pinned' : 'exhausted',
          details: {},
        },
      ]);
    };
    const written = pin
      ? await deps.writes.pin(order.id, within)
      : await deps.writes.noDriversFound(order.id, within);
    if (!written) return; // the order moved on meanwhile: its change wakes the search again
    deps.notify.gone(order.id, gone, pin ? 'pending' : 'expired');
    // The console's 'Șoferii nu au fost găsiți' comes with the cancellation (order_canceled).
    if (pin) deps.notify.pendingChanged([order.processed_by_company_id]);
    deps.notify.searchChanged(search.company_id, order.id);
  }

  /**
   * Runs a claimed search (its fence is `fence`). Returns when it is next due (epoch ms), or
   * null when it is over.
   */
  async function run(orderId: number, fence: number): Promise<number | null> {
    try {
      return await runStep(orderId, fence);
    } catch (error) {
      if (!(error instanceof MovedOnError)) throw error;
      // The order left the search while this step decided (its wake-up found our lease): look
      // again now, which ends the search and tells its drivers.
      return runStep(orderId, fence);
    }
  }

  async function runStep(orderId: number, fence: number): Promise<number | null> {
    const loaded = await loadSearch(db, orderId);
    if (!loaded || loaded.search.fence !== fence || loaded.search.state !== 'running') return null;
    const { search, order } = loaded;
    const verdict = searchVerdict(order);
    if (verdict !== 'search') {
      await stop(search, verdict, fence);
      if (verdict === 'pinned') deps.notify.pendingChanged([order.processed_by_company_id]);
      return null;
    }
    const plan = await planOf(search, order);
    const offers = search.step >= 0 ? await offersOf(db, orderId, search.generation) : [];
    if (search.step >= 0) {
      const item = plan.items[search.step] as SearchItem;
      const tally = stepTally(offers, search.step);
      const { accepted } = tally;
      if (accepted.length > 0 && (await confirmBest(search, order, accepted, item, fence)))
        return null;
      if (search.rotation) {
        const due = await nextSlot(search, order, item, fence);
        if (due !== null) return due;
      }
      await appendTrace(db, orderId, deps.now(), [
        {
          generation: search.generation,
          step: search.step,
          kind: 'nobody',
          details: { offered: tally.offers.length, refused: tally.refused },
        },
      ]);
    }
    const next = stepAfter(search.step, plan.items.length);
    if (next === null) {
      await exhaust(search, order, plan, fence);
      return null;
    }
    return openStep(search, order, plan, next, offers, fence);
  }

  return { run };
}

const finite = (m: number) => (Number.isFinite(m) ? Math.round(m) : null);

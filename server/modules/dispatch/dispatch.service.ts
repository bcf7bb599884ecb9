import type { DispatchTrace, DriverOffer, DriverOrder } from '@common/dispatch/dispatch.schema';
import { toUtcString } from '@common/lib/dates';
import type { Order } from '@common/orders/orders.schema';
import type { Db } from '../../db/client';
import { conflict, notFound } from '../../http/app-error';
import { type AuthContext, scopeOf } from '../../http/auth-context';
import { findAnyOrder, findOrder } from '../orders/orders.repo';
import type { Actor, DispatchTransitions } from '../orders/write/dispatch-transitions';
import { activeOrderIdsOf, openOffersOf, pendingQueueOf } from './driver-work.repo';
import type { DispatchEngine } from './engine/dispatch-engine';
import { driverOfferOf, driverOrderOf } from './engine/dispatch-notifier';
import { planOf, traceOf } from './engine/searches.repo';

export const TRIP_REFUSED = 'Comanda nu este în starea potrivită pentru această acțiune.';

/**
 * What the console and the drivers' apps ask of the engine beyond its events: the
 * search's drivers, the dispatch trace, a driver's offers and orders, and his trip's steps
 * (each through the orders' write path, docs/DRIVER-API.md).
 */
export function createDispatchService(deps: {
  db: Db;
  engine: DispatchEngine;
  writes: DispatchTransitions;
  /** Whether the driver can take an order now (online, not paused, busy or banned). */
  canWork: (driverId: number) => boolean;
  now?: () => number;
}) {
  const { db, engine, writes } = deps;
  const now = deps.now ?? Date.now;

  /** The caller's order (tenant scope), or 404. */
  async function scoped(auth: AuthContext, orderId: number) {
    const order = await findOrder(db, scopeOf(auth), orderId);
    if (!order) throw notFound('order');
    return order;
  }

  const actorOf = (auth: AuthContext): Actor & { userId: number } => ({
    userId: auth.userId,
    userName: auth.userName,
  });

  /** A trip step of the caller's own order: 404 when it is not his, 409 when out of turn. */
  async function trip(auth: AuthContext, orderId: number, step: () => Promise<Order | null>) {
    const written = await step();
    if (written) return written;
    const order = await findAnyOrder(db, orderId);
    if (!order || order.driver_id !== auth.userId) throw notFound('order');
    throw conflict(TRIP_REFUSED);
  }

  return {
    async orderDrivers(auth: AuthContext, orderId: number) {
      await scoped(auth, orderId);
      return engine.searchOf(orderId);
    },

    async trace(auth: AuthContext, orderId: number): Promise<DispatchTrace> {
      await scoped(auth, orderId);
      const [search, rows] = await Promise.all([planOf(db, orderId), traceOf(db, orderId)]);
      return {
        plan: search?.plan
          ? { method_id: search.plan.method_id, interval_id: search.plan.interval_id }
          : null,
        entries: rows.map((row) => ({
          generation: row.generation,
          step: row.step,
          kind: row.kind as DispatchTrace['entries'][number]['kind'],
          at: toUtcString(new Date(Number(row.at_ms))),
          details: row.details,
        })),
      };
    },

    /**
     * His open offers, then his companies' pending queue (pending orders) while he can
     * take one (an offline, paused or busy driver is not shown orders he cannot take).
     */
    async myOffers(auth: AuthContext): Promise<DriverOffer[]> {
      const [offers, pending] = await Promise.all([
        openOffersOf(db, auth.userId, now()),
        deps.canWork(auth.userId) ? pendingQueueOf(db, auth.companyIds) : [],
      ]);
      const offered = new Set(offers.map((o) => o.id));
      // As order_available carries them (the queue's orders have no deadline: 0).
      return [
        ...offers.map((o) =>
          driverOfferOf(
            o,
            o.kind === 'pending' ? 'pending' : 'offer',
            o.distance_m,
            Number(o.expires_ms),
          ),
        ),
        ...pending
          .filter((o) => !offered.has(o.id))
          .map((o) => driverOfferOf(o, 'pending', null, 0)),
      ];
    },

    async myOrders(auth: AuthContext): Promise<DriverOrder[]> {
      const ids = await activeOrderIdsOf(db, auth.userId);
      const orders = await Promise.all(ids.map((id) => findAnyOrder(db, id)));
      return orders.filter((o): o is Order => o !== undefined).map(driverOrderOf);
    },

    arrived: (auth: AuthContext, id: number) =>
      trip(auth, id, () => writes.arrived(actorOf(auth), id)),
    start: (auth: AuthContext, id: number) =>
      trip(auth, id, () => writes.started(actorOf(auth), id)),
    finish: (auth: AuthContext, id: number, taximeterAmount?: number) =>
      trip(auth, id, () => writes.finished(actorOf(auth), id, taximeterAmount)),
    cancel: (auth: AuthContext, id: number, reason: string) =>
      trip(auth, id, () => writes.driverCanceled(actorOf(auth), id, reason)),
  };
}

export type DispatchService = ReturnType<typeof createDispatchService>;

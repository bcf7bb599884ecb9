import type { DriverOffer, DriverOrder, DriverSearch } from '@common/dispatch/dispatch.schema';
import type { Order } from '@common/orders/orders.schema';
import type { OfferMark, RemoveLiveOrderPayload } from '@common/realtime/events';
import type { Publisher } from '../../../realtime/publisher';
import type { NewOffer, SearchOrder } from './searches.repo';

/**
 * What the engine tells, after each commit, as live events: the
 * offered drivers (their user rooms), the company's console, and every node's map (the red
 * label). Through the Redis adapter a user room reaches his socket on whichever node holds it.
 * Only a convenience on top of the durable state: a lost message is repaired by the reads
 * (GET /order-drivers, the driver's GET /api/drivers/me/offers, the orders' change stream).
 */
export interface DispatchNotifier {
  offered(order: SearchOrder, offers: NewOffer[], expiresMs: number): void;
  gone(orderId: number, driverIds: number[], reason: RemoveLiveOrderPayload['reason']): void;
  confirmed(order: Order, driverId: number): void;
  pendingChanged(companyIds: number[]): void;
  /** The search's drivers changed (offered, viewed, answered): `ws_order_drivers:{id}`. */
  searchChanged(companyId: number, orderId: number): void;
}

export const driverOfferOf = (
  order: Pick<
    SearchOrder,
    'id' | 'address' | 'places' | 'comment' | 'options' | 'payment_type' | 'cost'
  >,
  kind: DriverOffer['kind'],
  distanceM: number | null,
  expiresMs: number,
): DriverOffer => ({
  orderId: order.id,
  kind,
  address: order.address,
  places: order.places,
  comment: order.comment,
  options: order.options,
  payment_type: order.payment_type,
  cost: order.cost,
  distance_m: distanceM,
  expires_ms: expiresMs,
});

export const driverOrderOf = (order: Order): DriverOrder => ({
  id: order.id,
  state: order.state,
  trip_state: order.trip_state ?? null,
  phone: order.phone,
  client_name: order.client_name ?? null,
  address: order.address ?? null,
  places: order.places.map((p) => ({ name: p.name, lat: p.lat, long: p.long })),
  comment: order.comment ?? null,
  options: order.options,
  payment_type: order.payment_type,
  cost: order.cost ?? null,
  waiting_driver_time: order.waiting_driver_time ?? null,
  assigned_at: order.assigned_at ?? null,
  trip_started_at: order.trip_started_at ?? null,
});

export function createDispatchNotifier(deps: {
  publisher: Publisher;
  /** This node's map labels (fleet.markOffers). */
  markOffers: (offers: OfferMark[]) => void;
  /** The drivers of an order's search now (one read; searchChanged sends it). */
  searchOf: (orderId: number) => Promise<DriverSearch>;
  onError: (error: unknown) => void;
}): DispatchNotifier {
  const { publisher } = deps;
  const mark = (offers: OfferMark[]) => {
    if (offers.length === 0) return;
    deps.markOffers(offers);
    publisher.relayOffers?.(offers);
  };
  return {
    offered(order, offers, expiresMs) {
      for (const offer of offers) {
        publisher.toUser(
          offer.driver_id,
          'order_available',
          driverOfferOf(order, offer.kind, offer.distance_m, expiresMs),
        );
      }
      mark(offers.map((o) => ({ driverId: o.driver_id, orderId: order.id, untilMs: expiresMs })));
      if (offers.length > 0)
        publisher.toCompany(order.processed_by_company_id, 'order_sent_to_driver', {
          orderId: order.id,
          driverIds: offers.map((o) => o.driver_id),
        });
    },
    gone(orderId, driverIds, reason) {
      for (const driverId of driverIds)
        publisher.toUser(driverId, 'remove_live_order', { orderId, reason });
      mark(
        driverIds.map((driverId) => ({ driverId, orderId: null, untilMs: 0, ofOrder: orderId })),
      );
    },
    confirmed(order, driverId) {
      publisher.toUser(driverId, 'order_accept_confirmed', {
        orderId: order.id,
        order: driverOrderOf(order),
      });
      mark([{ driverId, orderId: null, untilMs: 0, ofOrder: order.id }]);
      publisher.toCompany(order.processed_by_company_id, 'order_driver_found', { order });
    },
    pendingChanged(companyIds) {
      for (const companyId of companyIds) {
        publisher.toDrivers(companyId, 'pending_orders_updated', { company_id: companyId });
        publisher.toCompany(companyId, 'pending_orders_updated', { company_id: companyId });
      }
    },
    searchChanged(companyId, orderId) {
      deps
        .searchOf(orderId)
        .then((search) => publisher.toCompany(companyId, `ws_order_drivers:${orderId}`, search))
        .catch(deps.onError);
    },
  };
}

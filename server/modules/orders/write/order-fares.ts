import { fromUtcString } from '@common/lib/dates';
import type { OrderPlaceInput } from '@common/orders/orders.schema';
import type { Fares } from '../../tariffs/fare.service';

/** The price columns an order is written with (docs/MONEY.md): `discounted_cost` follows `cost`. */
export interface FareColumns {
  cost: number | null;
  cost_source: string | null;
  discounted_cost: number | null;
}

const NO_FARE: FareColumns = { cost: null, cost_source: null, discounted_cost: null };

export const fixedFare = (cost: number): FareColumns => ({
  cost,
  cost_source: 'fixed',
  discounted_cost: cost,
});

/**
 * The fare a new order is stored with: the operator's fixed price, else the estimate of the
 * dispatching company's tariff (a zone price or the meter on the planned route) at its
 * departure (now, for one already due); none when the company has no tariff. Computed before
 * the order's statement: the routing server is asked within its own timeouts and breaker.
 */
export async function intakeFare(
  fares: Fares | undefined,
  order: {
    companyId: number;
    serviceId: number;
    places: readonly Pick<OrderPlaceInput, 'lat' | 'long'>[];
    departureTime: string | null | undefined;
    cost: number | null | undefined;
  },
): Promise<FareColumns> {
  if (order.cost != null) return fixedFare(order.cost);
  if (!fares) return NO_FARE;
  const now = new Date();
  const departure = order.departureTime ? fromUtcString(order.departureTime) : now;
  const estimate = await fares.estimate(
    order.companyId,
    order.serviceId,
    order.places,
    departure > now ? departure : now,
  );
  return estimate
    ? { cost: estimate.cost, cost_source: estimate.source, discounted_cost: estimate.cost }
    : NO_FARE;
}

import { haversineMeters } from '@common/lib/geo';
import { type Meter, meteredFare, type Surcharge, surchargeAt } from '@common/money/fare';
import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from './client';
import { financeSettings, polygons, tariffSurcharges, tariffs, zonePrices } from './schema';

/** The taxi company's meter (docs/MONEY.md's worked examples): 5,00 RON + 2,80/km + 0,50/min. */
export const DEMO_TAXI_METER: Meter = {
  start_fee: 500,
  per_km: 280,
  per_minute: 50,
  minimum_fare: 1200,
};

/** Night, every day: 130%. */
export const DEMO_NIGHT: Surcharge = {
  days: [1, 2, 3, 4, 5, 6, 7],
  time_from: '22:00',
  time_to: '06:00',
  percent: 130,
};

/** Deliveries: a start fee and the kilometres, the courier's time is not charged. */
const DEMO_DELIVERY_METERS = {
  courier: { start_fee: 800, per_km: 200, per_minute: 0, minimum_fare: 1000 },
  restaurant: { start_fee: 500, per_km: 150, per_minute: 0, minimum_fare: 800 },
} as const satisfies Record<string, Meter>;

/** The demo's straight-line trip, as the estimate without a routing server sees it. */
const ROAD_FACTOR = 1.3;
const CITY_KMH = 25;

/**
 * What a demo order costs: the taxi meter on the straight line × the road factor at city speed
 * (no routing server is asked while seeding), with the night surcharge at its departure.
 */
export function demoTaxiFare(
  from: { lat: number; long: number },
  to: { lat: number; long: number },
  at: Date,
): number {
  const distance = haversineMeters(from.lat, from.long, to.lat, to.long) * ROAD_FACTOR;
  return meteredFare(
    DEMO_TAXI_METER,
    { distance_m: distance, duration_s: distance / (CITY_KMH / 3.6) },
    surchargeAt([DEMO_NIGHT], at),
  ).cost;
}

/**
 * The demo companies' tariffs: the taxi meter with its night surcharge and a fixed price
 * between Centru and Copou (18,00 RON both ways); a delivery meter for the courier and the
 * restaurant. Zones must be seeded first.
 */
export async function seedDemoTariffs(
  db: DbOrTx,
  input: { taxiCompanyId: number; courierCompanyId: number; restaurantCompanyId: number },
): Promise<void> {
  await db.insert(tariffs).values([
    { company_id: input.taxiCompanyId, service_id: null, ...DEMO_TAXI_METER },
    { company_id: input.courierCompanyId, service_id: null, ...DEMO_DELIVERY_METERS.courier },
    {
      company_id: input.restaurantCompanyId,
      service_id: null,
      ...DEMO_DELIVERY_METERS.restaurant,
    },
  ]);
  await db.insert(tariffSurcharges).values({
    company_id: input.taxiCompanyId,
    name: 'Noapte',
    ...DEMO_NIGHT,
    days: [...DEMO_NIGHT.days],
  });
  await db
    .insert(financeSettings)
    .values({ company_id: input.taxiCompanyId, accept_taximeter: false });
  const zones = await db
    .select({ id: polygons.id, name: polygons.name })
    .from(polygons)
    .where(
      and(
        eq(polygons.company_id, input.taxiCompanyId),
        inArray(polygons.name, ['Centru', 'Copou']),
      ),
    );
  const centre = zones.find((zone) => zone.name === 'Centru');
  const copou = zones.find((zone) => zone.name === 'Copou');
  if (centre && copou)
    await db.insert(zonePrices).values({
      company_id: input.taxiCompanyId,
      from_polygon_id: centre.id,
      to_polygon_id: copou.id,
      price: 1800,
      both_ways: true,
    });
}

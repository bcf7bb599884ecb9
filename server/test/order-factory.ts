import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { next } from '../db/factories';
import { orderPlaces, orders } from '../db/schema';

/*
 * Tests only: an order inserted straight into the table, past the orders' write path, in
 * whatever state a test starts from (biome-plugins/orders-write-path.grit allows server/test).
 */

export interface OrderOverrides {
  state?: 'new' | 'created' | 'pending' | 'assigned' | 'finished' | 'canceled';
  phone?: string;
  client_name?: string | null;
  dispatcher_id?: number | null;
  driver_id?: number | null;
  trip_state?: 'waiting_driver' | 'waiting_client' | 'started' | null;
  car_indicativ?: string | null;
  always_in_call?: boolean;
  in_pending_queue?: boolean;
  created_by_company_id?: number;
  address?: string;
  created_at?: string;
  closed_at?: string | null;
  payment_type?: string;
  client_id?: number | null;
}

/** An order of a company, inserted directly in the state asked for (lists, rules, benchmarks). */
export async function buildOrder(db: DbOrTx, companyId: number, overrides: OrderOverrides = {}) {
  const state = overrides.state ?? 'created';
  const closed = state === 'finished' || state === 'canceled';
  const address = overrides.address ?? `Strada Test ${next()}`;
  const [order] = await db
    .insert(orders)
    .values({
      state,
      phone: overrides.phone ?? `+40744${String(next()).padStart(6, '0')}`,
      client_name: overrides.client_name === undefined ? 'Client Test' : overrides.client_name,
      dispatcher_id: overrides.dispatcher_id ?? null,
      driver_id: overrides.driver_id ?? null,
      trip_state: overrides.trip_state ?? null,
      car_indicativ: overrides.car_indicativ ?? null,
      always_in_call: overrides.always_in_call ?? false,
      in_pending_queue: overrides.in_pending_queue ?? false,
      created_by_company_id: overrides.created_by_company_id ?? companyId,
      processed_by_company_id: companyId,
      address,
      payment_type: overrides.payment_type ?? 'cash',
      client_id: overrides.client_id ?? null,
      ...(overrides.created_at ? { created_at: overrides.created_at } : {}),
      closed_at:
        overrides.closed_at !== undefined
          ? overrides.closed_at
          : closed
            ? sql`(now() at time zone 'utc')`
            : null,
      ...(state === 'canceled' ? { cancellation_reason_type: 'dispatcher_canceled' } : {}),
    })
    .returning();
  if (!order) throw new Error('order insert returned no row');
  await db
    .insert(orderPlaces)
    .values({ order_id: order.id, position: 0, name: address, lat: 47.16, long: 27.59 });
  return order;
}

import type { Order } from '@common/orders/orders.schema';
import { sql } from 'drizzle-orm';
import {
  cars,
  clients,
  companies,
  orderHistory,
  orderPlaces,
  orders,
  users,
} from '../../db/schema';

/** A UTC timestamp column as the wire's `YYYY-MM-DD HH:mm:ss` inside JSON (json would add a 'T'). */
const utcText = (column: ReturnType<typeof sql>) =>
  sql`to_char(${column}, 'YYYY-MM-DD HH24:MI:SS')`;

/**
 * The Order, wire-shaped in SQL: places, client, driver (with car), dispatcher and
 * protocol company are aggregated per row, so a page of orders is one round trip.
 */
export const orderColumns = {
  id: orders.id,
  created_at: orders.created_at,
  updated_at: orders.updated_at,
  start_at: orders.start_at,
  assigned_at: orders.assigned_at,
  trip_started_at: orders.trip_started_at,
  trip_finished_at: orders.trip_finished_at,
  // Read only while a trip runs: the arrival has no column of its own, its history entry is it.
  arrived_at: sql<Order['arrived_at']>`case when ${orders}.trip_state is null then null else (
    select ${utcText(sql`max(h.timestamp)`)} from ${orderHistory} h
    where h.order_id = ${orders}.id and h.type = 'driver_arrived') end`,
  state: sql<Order['state']>`${orders.state}`,
  trip_state: sql<Order['trip_state']>`${orders.trip_state}`,
  departure_time: orders.departure_time,
  service_id: orders.service_id,
  phone: orders.phone,
  name: orders.client_name,
  client_name: orders.client_name,
  about_client: orders.about_client,
  comment: orders.comment,
  client_id: orders.client_id,
  places: sql<Order['places']>`coalesce((
    select json_agg(json_build_object('id', p.id, 'order_id', p.order_id, 'name', p.name,
      'place_id', p.place_id, 'lat', p.lat, 'long', p.long, 'comment', p.comment, 'bloc', p.bloc,
      'scara', p.scara, 'reper', p.reper) order by p.position)
    from ${orderPlaces} p where p.order_id = ${orders}.id), '[]'::json)`,
  options: orders.options,
  dispatcher_id: orders.dispatcher_id,
  dispatcher: sql<Order['dispatcher']>`(select json_build_object('id', d.id, 'name', d.name)
    from ${users} d where d.id = ${orders}.dispatcher_id)`,
  custom_driver_ids: orders.custom_driver_ids,
  search_company_ids: orders.search_company_ids,
  payment_type: sql<Order['payment_type']>`${orders.payment_type}`,
  source: sql<Order['source']>`${orders.source}`,
  cost: orders.cost,
  cost_source: sql<Order['cost_source']>`${orders.cost_source}`,
  discount_amount: orders.discount_amount,
  discounted_cost: orders.discounted_cost,
  discount_condition_id: orders.discount_condition_id,
  discount_compensated: orders.discount_compensated,
  finance_info: sql<
    Order['finance_info']
  >`json_build_object('driver_payment', ${orders}.driver_payment, 'is_paid', ${orders}.is_paid)`,
  client: sql<
    Order['client']
  >`(select json_build_object('id', c.id, 'name', c.name, 'phone', c.phone,
      'about', c.about, 'created_at', ${utcText(sql`c.created_at`)})
    from ${clients} c where c.id = ${orders}.client_id)`,
  driver_id: orders.driver_id,
  driver: sql<
    Order['driver']
  >`(select json_build_object('id', u.id, 'name', u.name, 'phone', u.phone,
      'indicativ', coalesce(${orders}.car_indicativ, car.indicativ), 'make', car.make, 'model', car.model,
      'color', car.color, 'number', car.number)
    from ${users} u left join lateral (select * from ${cars} k where k.driver_id = u.id order by k.id limit 1) car on true
    where u.id = ${orders}.driver_id)`,
  car_indicativ: orders.car_indicativ,
  waiting_driver_time: orders.waiting_driver_time,
  in_pending_queue: orders.in_pending_queue,
  always_in_call: orders.always_in_call,
  manually_assigned: orders.manually_assigned,
  created_by_company_id: orders.created_by_company_id,
  processed_by_company_id: orders.processed_by_company_id,
  call: sql<Order['call']>`${orders}.call`,
  call_playback_state: orders.call_playback_state,
  call_need_interaction: orders.call_need_interaction,
  cancellation_reason_type: sql<
    Order['cancellation_reason_type']
  >`${orders.cancellation_reason_type}`,
  cancellation_reason_text: orders.cancellation_reason_text,
  cancelled_by_identifier: orders.cancelled_by_identifier,
  protocol_user: sql<Order['protocol_user']>`(select json_build_object('id', pc.id, 'name', pc.name)
    from ${companies} pc where pc.id = ${orders}.protocol_company_id)`,
  address: orders.address,
  client_phone: orders.phone,
};

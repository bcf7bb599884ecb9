import type { LoggedUser } from '@common/auth/auth.schema';
import type { Order, OrderPlace } from '@common/orders/orders.schema';

/** The logged dispatcher of the order-screen tests. */
export const dispatcher: LoggedUser = {
  id: 7,
  name: 'Ana Pop',
  email: 'ana@taxi.ro',
  phone: null,
  roles: ['dispatcher'],
  companies: [
    { id: 1, name: 'Taxi Nord', type: 'dispatch', package_id: 1, lat: 47.16, lng: 27.58 },
  ],
  meta: [],
};

export const buildPlace = (overrides: Partial<OrderPlace> = {}): OrderPlace => ({
  id: 11,
  order_id: 1,
  name: 'Strada Lăpușneanu 10, Iași',
  place_id: 'osm:1',
  lat: 47.17,
  long: 27.58,
  comment: null,
  bloc: null,
  scara: null,
  reper: null,
  ...overrides,
});

/** A wire-shaped order, created now by the test dispatcher, searching for a driver. */
export function buildOrder(overrides: Partial<Order> = {}): Order {
  const id = overrides.id ?? 1;
  return {
    id,
    created_at: '2030-01-01 08:00:05',
    updated_at: '2030-01-01 08:00:05',
    start_at: null,
    assigned_at: null,
    trip_started_at: null,
    trip_finished_at: null,
    arrived_at: null,
    state: 'created',
    trip_state: null,
    departure_time: '2030-01-01 08:00:00',
    service_id: 1,
    phone: '+40722111222',
    name: null,
    client_name: 'Ion Popescu',
    about_client: null,
    comment: null,
    client_id: 5,
    places: [buildPlace({ order_id: id })],
    options: [],
    dispatcher_id: dispatcher.id,
    dispatcher: { id: dispatcher.id, name: dispatcher.name },
    custom_driver_ids: [],
    search_company_ids: [1],
    payment_type: 'cash',
    source: 'from_call',
    cost: null,
    discount_amount: null,
    discounted_cost: null,
    discount_condition_id: null,
    discount_compensated: false,
    finance_info: { driver_payment: null, is_paid: false },
    client: {
      id: 5,
      name: 'Ion Popescu',
      phone: '+40722111222',
      about: null,
      created_at: '2029-05-01 10:00:00',
    },
    driver_id: null,
    driver: null,
    car_indicativ: null,
    waiting_driver_time: null,
    in_pending_queue: false,
    always_in_call: false,
    manually_assigned: false,
    created_by_company_id: 1,
    processed_by_company_id: 1,
    call: null,
    call_playback_state: null,
    call_need_interaction: false,
    cancellation_reason_type: null,
    cancellation_reason_text: null,
    cancelled_by_identifier: null,
    protocol_user: null,
    address: overrides.places ? (overrides.places[0]?.name ?? null) : 'Strada Lăpușneanu 10, Iași',
    client_phone: '+40722111222',
    ...overrides,
  };
}

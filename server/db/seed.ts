import { PACKAGES } from '@common/auth/auth.schema';
import { DEFAULT_INTERVAL_VALUE } from '@common/dispatch/search-config.schema';
import {
  DEFAULT_BAN_CONDITIONS,
  type SearchItem,
  SearchItemSchema,
} from '@common/dispatch/search-method.schema';
import { count, sql } from 'drizzle-orm';
import { loadDemoGazetteer } from '../modules/places/demo-gazetteer';
import type { Db, DbOrTx } from './client';
import { GETTING_STARTED_DOC, PRIVACY_PAGE, TERMS_PAGE } from './demo-content';
import { seedDemoDashboard } from './demo-dashboard';
import { seedDemoDevices } from './demo-devices';
import { seedDemoDiscounts } from './demo-discounts';
import { seedDemoLedger } from './demo-ledger';
import { seedDemoOrders } from './demo-orders';
import { seedDemoTariffs } from './demo-tariffs';
import { seedDemoZones } from './demo-zones';
import { buildCompany, buildDriver, buildUser } from './factories';
import { companyUsers, contentPages, searchIntervals, searchMethods, users } from './schema';

/** Deterministic pick so the demo is the same on every machine. */
const pick = <T>(list: readonly T[], index: number): T => list[index % list.length] as T;

const FIRST_NAMES = [
  'Andrei',
  'Mihai',
  'Ion',
  'Vasile',
  'Gheorghe',
  'Alexandru',
  'Cristian',
  'Florin',
  'Marius',
  'Bogdan',
  'Ștefan',
  'Adrian',
  'Răzvan',
  'Cătălin',
  'Dumitru',
  'Ionuț',
];
const LAST_NAMES = [
  'Popescu',
  'Ionescu',
  'Popa',
  'Rusu',
  'Munteanu',
  'Ciobanu',
  'Lungu',
  'Moraru',
  'Țurcanu',
  'Cojocaru',
  'Apostol',
  'Dănilă',
  'Bălan',
  'Sârbu',
  'Ursu',
  'Chiriac',
  'Mocanu',
];
const CARS = [
  ['Dacia', 'Logan'],
  ['Skoda', 'Octavia'],
  ['Toyota', 'Corolla'],
  ['Volkswagen', 'Passat'],
  ['Hyundai', 'i30'],
  ['Renault', 'Megane'],
  ['Kia', 'Ceed'],
  ['Toyota', 'Prius'],
] as const;
const COLOURS = ['Alb', 'Negru', 'Gri', 'Argintiu', 'Galben', 'Albastru'];
const PLATE_LETTERS = ['ABC', 'TXI', 'OGO', 'CRD', 'MIK', 'ROV', 'DAN', 'LUX'];

/** Demo accounts (README): every password is 'ogo-demo'. */
export const DEMO_ACCOUNTS = {
  admin: 'admin@ogo.local',
  dispatcher: 'dispecer@ogo.local',
  dispatcher2: 'dispecer2@ogo.local',
  manager: 'manager@ogo.local',
  courier: 'curier@ogo.local',
  restaurant: 'restaurant@ogo.local',
  protocol: 'protocol@ogo.local',
} as const;

const personName = (i: number) => `${pick(FIRST_NAMES, i * 7 + 3)} ${pick(LAST_NAMES, i * 5 + 1)}`;
const mobile = (i: number) => `+40 7${String(20_000_000 + i * 7_919_3).slice(0, 8)}`;

/** The calendar day `days` from today, YYYY-MM-DD (UTC). */
const dayFromToday = (days: number) =>
  new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

async function seedDrivers(
  db: DbOrTx,
  companyId: number,
  count: number,
  first: number,
  county: string,
) {
  const drivers: { id: number; indicativ: string }[] = [];
  for (let i = 0; i < count; i++) {
    const [make, model] = pick(CARS, i);
    const indicativ = String(first + i);
    const driver = await buildDriver(db, companyId, {
      name: personName(first + i),
      email: `sofer${indicativ}@ogo.local`,
      phone: mobile(first + i),
      car: {
        indicativ,
        make,
        model,
        color: pick(COLOURS, i),
        number: `${county}-${String(10 + ((i * 37) % 89)).padStart(2, '0')}-${pick(PLATE_LETTERS, i * 3)}`,
        year: 2014 + ((i * 5) % 11),
        seats: 5,
        // Documents that run out over the coming year: on /cars a few are due within 30 days
        // (orange) and one has lapsed (red), as in a real fleet.
        itp_until: dayFromToday(-3 + ((i * 53) % 360)),
        rca_until: dayFromToday(12 + ((i * 97) % 350)),
        license_until: dayFromToday(40 + ((i * 131) % 700)),
      },
    });
    drivers.push({ id: driver.id, indicativ });
  }
  return drivers;
}

/** A step of the demo's search method: every driver in `metres` of the pickup, nearest first. */
const radiusStep = (metres: number, seconds: number): SearchItem =>
  SearchItemSchema.parse({
    search_type: 'by_radius',
    search_time: seconds,
    search_limit: metres,
    search_order_by: 'by_distance',
    notification_method: 'all',
    exclude_previous: false,
    ban_conditions: DEFAULT_BAN_CONDITIONS,
  });

/**
 * The demo companies' search method, every day at any hour, so that the demo fleet
 * (server/simulator) is offered the orders placed on first start. The steps widen a radius
 * around the pickup, so a pickup outside the demo's zones finds drivers too, the nearest driver
 * who accepts winning each step. The later steps are short, so an order nobody takes ends with
 * 'Șoferii nu au fost găsiți' soon after its first step.
 */
export const DEMO_SEARCH_STEPS: readonly SearchItem[] = [
  radiusStep(3_000, 10),
  radiusStep(6_000, 4),
  radiusStep(12_000, 4),
];

async function seedDemoSearchMethod(db: DbOrTx, companyId: number) {
  const [method] = await db
    .insert(searchMethods)
    .values({ company_id: companyId, definitions: { items: DEMO_SEARCH_STEPS } })
    .returning({ id: searchMethods.id });
  if (!method) return;
  await db.insert(searchIntervals).values({
    company_id: companyId,
    search_method_id: method.id,
    type: 'weekdays',
    value: DEFAULT_INTERVAL_VALUE,
    position: 0,
  });
}

/**
 * The whole demo: companies of every package, their users, 44 drivers and couriers with cars,
 * clients, content, a day of taxi orders, zones and stands, the tariffs and search methods of
 * the companies that dispatch (taxi, courier, restaurant), the taxi company's discounts and the
 * address gazetteers.
 */
export async function seedDemo(db: DbOrTx): Promise<void> {
  // The admin is created first, so it is user 1 (user 1 gets the country-level map).
  const admin = await buildUser(db, {
    name: 'Administrator OGO',
    email: DEMO_ACCOUNTS.admin,
    roles: ['admin'],
  });

  const taxi = await buildCompany(db, {
    name: 'OGO Taxi Iași',
    type: 'dispatch',
    package_id: PACKAGES.taxi,
    cui: '41234567',
    lat: 47.1585,
    lng: 27.6014,
  });
  const courier = await buildCompany(db, {
    name: 'Rapid Curier Cluj',
    type: 'courier',
    package_id: PACKAGES.courier,
    cui: '42345678',
    lat: 46.7712,
    lng: 23.6236,
  });
  const restaurant = await buildCompany(db, {
    name: 'Bistro Copou',
    type: 'restaurant',
    package_id: PACKAGES.restaurant,
    cui: '43456789',
    lat: 47.1784,
    lng: 27.5692,
  });
  const protocol = await buildCompany(db, {
    name: 'Protocol Corporate SRL',
    type: 'protocol',
    package_id: PACKAGES.taxi,
    cui: '44567890',
    parent_company_id: taxi.id,
    lat: 47.1622,
    lng: 27.5889,
  });

  await db.insert(companyUsers).values({ company_id: taxi.id, user_id: admin.id });

  const dispatcher = await buildUser(db, {
    name: 'Elena Dispecer',
    email: DEMO_ACCOUNTS.dispatcher,
    phone: '+40 744 100 200',
    roles: ['dispatcher'],
    companyIds: [taxi.id],
    // docs/CALLS.md: the softphone's extension (its address is c<company>-101).
    meta: { sip_extension: '101' },
  });
  // A second operator of the same line: an incoming call rings both (parallel forking).
  await buildUser(db, {
    name: 'Andrei Dispecer',
    email: DEMO_ACCOUNTS.dispatcher2,
    phone: '+40 744 100 201',
    roles: ['dispatcher'],
    companyIds: [taxi.id],
    meta: { sip_extension: '102' },
  });
  // The taxi company's own administrator (docs/ADMINISTRATION.md), like a signed-up business's
  // first user: manager + dispatcher, with a softphone of his own.
  const manager = await buildUser(db, {
    name: 'Ioana Manager',
    email: DEMO_ACCOUNTS.manager,
    phone: '+40 744 100 202',
    roles: ['manager', 'dispatcher'],
    companyIds: [taxi.id],
    meta: { sip_extension: '103' },
  });
  await buildUser(db, {
    name: 'Maria Curierat',
    email: DEMO_ACCOUNTS.courier,
    phone: '+40 744 300 400',
    roles: ['company'],
    companyIds: [courier.id],
  });
  await buildUser(db, {
    name: 'Radu Bistro',
    email: DEMO_ACCOUNTS.restaurant,
    phone: '+40 744 500 600',
    roles: ['company'],
    companyIds: [restaurant.id],
  });
  await buildUser(db, {
    name: 'Irina Protocol',
    email: DEMO_ACCOUNTS.protocol,
    phone: '+40 744 700 800',
    roles: ['company'],
    companyIds: [protocol.id],
  });

  const taxiDrivers = await seedDrivers(db, taxi.id, 32, 101, 'IS');
  await seedDrivers(db, courier.id, 8, 501, 'CJ');
  // The restaurant delivers with couriers of its own, around Copou.
  await seedDrivers(db, restaurant.id, 4, 601, 'IS');

  for (let i = 0; i < 12; i++) {
    await buildUser(db, {
      name: personName(200 + i),
      email: `client${i + 1}@ogo.local`,
      phone: mobile(300 + i),
      roles: ['client'],
      companyIds: [i < 9 ? taxi.id : courier.id],
    });
  }

  for (const company of [taxi, courier, restaurant]) await seedDemoSearchMethod(db, company.id);
  await seedDemoZones(db, { taxiCompanyId: taxi.id, courierCompanyId: courier.id });
  await seedDemoTariffs(db, {
    taxiCompanyId: taxi.id,
    courierCompanyId: courier.id,
    restaurantCompanyId: restaurant.id,
  });
  await seedDemoDiscounts(db, {
    taxiCompanyId: taxi.id,
    protocolCompanyId: protocol.id,
    createdBy: admin.id,
  });
  await db.insert(contentPages).values({ id: 1, ...PRIVACY_PAGE });
  // Id 1 was given: the sequence must move past it, or the first page written at /content
  // would take id 1 again.
  await db.execute(
    sql`select setval(pg_get_serial_sequence('content_pages', 'id'), (select max(id) from content_pages))`,
  );
  await db.insert(contentPages).values([TERMS_PAGE, GETTING_STARTED_DOC]);
  await seedDemoOrders(db, {
    companyId: taxi.id,
    dispatcherId: dispatcher.id,
    drivers: taxiDrivers,
    protocolCompanyId: protocol.id,
  });
  // Three weeks of the drivers' money, and the commission of the orders just seeded.
  await seedDemoLedger(db, { taxiCompanyId: taxi.id, managerId: manager.id, drivers: taxiDrivers });
  // /devices: the first drivers' phones and a spare tablet.
  await seedDemoDevices(db, taxi.id, taxiDrivers);
  // The dashboard's chart counts these orders; a few notes for its panels.
  await seedDemoDashboard(db, {
    companyId: taxi.id,
    dispatcherId: dispatcher.id,
    adminId: admin.id,
  });
  // A driver on one of the demo's trips is busy, as a confirmation makes him: the
  // engine offers him nothing more until the demo fleet drives that trip to its end.
  await db.execute(sql`update users set is_busy = true, idle_from = null
    where id in (select driver_id from orders where state = 'assigned' and driver_id is not null)`);
  // Address search works offline out of the box (Iași and Cluj-Napoca gazetteers).
  await loadDemoGazetteer(db);
}

/** Any constant: the advisory lock key that lets one of several starting nodes seed. */
const SEED_LOCK_KEY = 7_234_002;

/**
 * Seeds the demo on first start only: an empty users table means a new database. Nodes that
 * start together queue on a transaction-level advisory lock; the first seeds, the others find
 * users and skip.
 */
export async function seedDemoIfEmpty(db: Db): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
    const [row] = await tx.select({ value: count() }).from(users);
    if ((row?.value ?? 0) > 0) return false;
    await seedDemo(tx);
    return true;
  });
}

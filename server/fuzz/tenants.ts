import type { SavedAddress } from '@common/clients/clients.schema';
import type { Order } from '@common/orders/orders.schema';
import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { buildCompany, buildDriver, buildUser, DEFAULT_PASSWORD } from '../db/factories';
import { companyUsers, users } from '../db/schema';
import { seededRandom } from '../db/seeded-random';
import type { TestApp } from '../test/harness';
import type { Canaries } from './oracles';

/**
 * Two companies whose rows carry canary strings: every text
 * of company X holds `CANARYX<suffix>`, and its phones share a prefix no other fixture uses, so
 * any of them in an answer to the other company's user (or to an anonymous caller) is a leak.
 * Rows are made through the API where it has a route (orders, clients, saved addresses, blocked
 * phones, internal places), so they are what production writes.
 */
export type TenantLabel = 'A' | 'B';

export interface Tenant {
  label: TenantLabel;
  /** The canary token (upper case in the data; the oracle compares lowercased). */
  token: string;
  companyId: number;
  dispatcher: { id: number; email: string; password: string };
  driverId: number;
  /** E.164 phones of this company's clients, blocked numbers and users. */
  phones: string[];
  orderIds: number[];
  orderPlaceIds: number[];
  clientIds: number[];
  addressIds: number[];
  blockedPhoneIds: number[];
  /** Its zone and taxi stand, named with the canary. */
  zoneIds: number[];
  standIds: number[];
  /** `internal:<id>` ids of the places its operators saved. */
  placeIds: string[];
  /** Its protocol client, billed one finished ride (its statement's row). */
  protocolCompanyIds: number[];
}

export interface Tenants {
  A: Tenant;
  B: Tenant;
  canaries: Canaries;
  /** Shared reference data valid bodies refer to (services, order options). */
  catalog: { serviceIds: number[]; optionKeys: string[] };
}

/** Phone prefixes per company: national 072… for A, 073… for B (9 digits after +40). */
const PHONE_PREFIX: Record<TenantLabel, string> = { A: '+407218', B: '+407319' };

function phonesOf(label: TenantLabel, random: () => number, count: number): string[] {
  const phones = new Set<string>();
  while (phones.size < count) {
    phones.add(`${PHONE_PREFIX[label]}${String(Math.floor(random() * 100_000)).padStart(5, '0')}`);
  }
  return [...phones];
}

async function expectStatus<T>(t: TestApp, status: number, request: InjectOptions): Promise<T> {
  const response = await t.app.inject(request);
  if (response.statusCode !== status) {
    throw new Error(
      `fuzz setup ${JSON.stringify(request).slice(0, 200)}: ${response.statusCode} ${response.body.slice(0, 300)}`,
    );
  }
  return (response.body ? response.json() : null) as T;
}

async function seedTenant(t: TestApp, label: TenantLabel, seed: number): Promise<Tenant> {
  const random = seededRandom((seed * 31 + label.charCodeAt(0)) ^ 0x9e3779b9);
  const suffix = Math.floor(random() * 36 ** 5)
    .toString(36)
    .toUpperCase()
    .padStart(5, '0');
  const token = `CANARY${label}${suffix}`;
  const phones = phonesOf(label, random, 6);
  const [clientPhone, otherClientPhone, blockedPhone, otherBlockedPhone, userPhone, driverPhone] =
    phones as [string, string, string, string, string, string];

  const company = await buildCompany(t.db, { name: `Compania ${token}` });
  const email = `dispecer.${token.toLowerCase()}@fuzz.ogo.local`;
  const dispatcher = await buildUser(t.db, {
    name: `Dispecer ${token}`,
    email,
    phone: userPhone,
    // A signed-up business's first user: the company's manager and a dispatcher, so
    // the administration routes (users, cars, devices, settings …) are fuzzed past their guard.
    roles: ['manager', 'dispatcher'],
    companyIds: [company.id],
    meta: { note: `Meta ${token}` },
  });
  const driver = await buildDriver(t.db, company.id, {
    name: `Sofer ${token}`,
    phone: driverPhone,
    car: { make: `Marca ${token}`, model: `Model ${token}` },
  });
  const headers = await t.login({ email, password: DEFAULT_PASSWORD });
  const auth = { authorization: headers.authorization };

  const orders: Order[] = [];
  for (const [k, phone] of [clientPhone, clientPhone, otherClientPhone].entries()) {
    orders.push(
      await t.postOrder(auth, {
        phone,
        client_name: `Client ${token} ${k}`,
        // One order kept in the call tab, so DELETE …/always-in-call has something to clear.
        always_in_call: k === 1,
        about_client: `Despre ${token}`,
        comment: `Comentariu ${token} ${k}`,
        places: [
          {
            name: `Strada ${token} ${k}`,
            lat: 47.16 + k / 1000,
            long: 27.58,
            comment: `Interfon ${token}`,
            bloc: `B${token}`.slice(0, 50),
            scara: 'A',
            reper: `Reper ${token}`,
          },
          { name: `Destinatie ${token} ${k}`, lat: 47.17, long: 27.6 },
        ],
      }),
    );
  }
  const canceled = orders[2];
  if (canceled) {
    await expectStatus(t, 200, {
      method: 'PATCH',
      url: `/api/orders/${canceled.id}/cancel`,
      headers: auth,
      payload: { reason_text: `Motiv ${token}` },
    });
  }

  // A protocol client of the company, billed one ride the driver finished: its statement.
  const protocol = await buildCompany(t.db, {
    name: `Protocol ${token}`,
    type: 'protocol',
    parent_company_id: company.id,
  });
  const billed = await t.postOrder(auth, {
    phone: clientPhone,
    client_name: `Pasager ${token}`,
    payment_type: 'protocol',
    protocol_company_id: protocol.id,
    places: [
      { name: `Sediu ${token}`, lat: 47.16, long: 27.58 },
      { name: `Aeroport ${token}`, lat: 47.17, long: 27.6 },
    ],
  });
  // Set by hand after a cancel, as a dispatcher records a ride the engine did not place.
  await expectStatus(t, 200, {
    method: 'PATCH',
    url: `/api/orders/${billed.id}/cancel`,
    headers: auth,
    payload: { reason_text: `Anulat ${token}` },
  });
  await expectStatus(t, 200, {
    method: 'PATCH',
    url: `/api/orders/${billed.id}/set-driver-and-finish`,
    headers: auth,
    payload: { driverId: driver.id },
  });

  const blockedPhoneIds: number[] = [];
  for (const phone of [blockedPhone, otherBlockedPhone]) {
    const blocked = await expectStatus<{ id: number }>(t, 201, {
      method: 'POST',
      url: '/api/blocked-phone',
      headers: auth,
      payload: { phone, reason: `Blocat ${token}` },
    });
    blockedPhoneIds.push(blocked.id);
  }

  const place = await expectStatus<{ place_id: string }>(t, 201, {
    method: 'POST',
    url: '/geo/add-place',
    headers: auth,
    payload: {
      name: `Loc ${token}`,
      comment: `Loc comentariu ${token}`,
      reper: `Loc reper ${token}`,
      lat: 47.165,
      lng: 27.585,
    },
  });

  // A zone around the orders' places and a stand in it; B's a little east, overlapping A's.
  const west = label === 'A' ? 27.57 : 27.58;
  const zone = await expectStatus<{ id: number }>(t, 201, {
    method: 'POST',
    url: '/api/polygons',
    headers: auth,
    payload: {
      name: `Zona ${token}`,
      paths: [
        { lat: 47.15, long: west },
        { lat: 47.15, long: west + 0.04 },
        { lat: 47.18, long: west + 0.04 },
        { lat: 47.18, long: west },
      ],
    },
  });
  const stand = await expectStatus<{ id: number }>(t, 201, {
    method: 'POST',
    url: '/api/stands',
    headers: auth,
    payload: { name: `Statia ${token}`, lat: 47.165, long: west + 0.02, radius: 100 },
  });

  // The dashboard's notes: an announcement and an incident on its first order.
  await expectStatus(t, 201, {
    method: 'POST',
    url: '/api/announcements',
    headers: auth,
    payload: { title: `Anunt ${token}`, message: `Mesaj ${token}` },
  });
  await expectStatus(t, 201, {
    method: 'POST',
    url: '/api/incidents',
    headers: auth,
    payload: { description: `Incident ${token}`, order_id: orders[0]?.id },
  });

  // A conversation with its driver and a message to all its drivers, each with the canary.
  await expectStatus(t, 201, {
    method: 'POST',
    url: '/api/messages/to-user',
    headers: auth,
    payload: { user_id: driver.id, message: `Mesaj privat ${token}` },
  });
  await expectStatus(t, 201, {
    method: 'POST',
    url: '/api/messages/to-all-drivers',
    headers: auth,
    payload: { message: `Catre toti ${token}` },
  });

  const clientIds = [...new Set(orders.map((o) => o.client_id).filter((id) => id !== null))];
  const addressIds = new Set<number>();
  for (const clientId of clientIds) {
    const addresses = await expectStatus<SavedAddress[]>(t, 200, {
      method: 'GET',
      url: `/api/dispatcher-orders/${clientId}/address-history`,
      headers: auth,
    });
    for (const address of addresses) addressIds.add(address.id);
  }

  return {
    label,
    token,
    companyId: company.id,
    dispatcher: { id: dispatcher.id, email, password: DEFAULT_PASSWORD },
    driverId: driver.id,
    phones,
    orderIds: orders.map((o) => o.id),
    orderPlaceIds: orders.flatMap((o) => o.places.map((p) => p.id)),
    clientIds,
    addressIds: [...addressIds],
    blockedPhoneIds,
    zoneIds: [zone.id],
    standIds: [stand.id],
    placeIds: [place.place_id],
    protocolCompanyIds: [protocol.id],
  };
}

/** The national significant digits of an E.164 Romanian phone: what any formatting keeps. */
const nationalDigits = (phone: string) => phone.replace(/^\+40/, '');

/** Seeds company A and company B (the fuzz app's only data besides the demo-free defaults). */
export async function seedTenants(t: TestApp, seed: number): Promise<Tenants> {
  const A = await seedTenant(t, 'A', seed);
  const B = await seedTenant(t, 'B', seed);
  const canariesOf = (tenant: Tenant) => [
    tenant.token.toLowerCase(),
    ...tenant.phones.map(nationalDigits),
  ];
  const headers = { authorization: (await t.login(A.dispatcher)).authorization };
  const services = await expectStatus<{ id: number }[]>(t, 200, {
    method: 'GET',
    url: '/api/services',
    headers,
  });
  const options = await expectStatus<{ key: string }[]>(t, 200, {
    method: 'GET',
    url: '/api/order-options',
    headers,
  });
  return {
    A,
    B,
    canaries: { byCompany: { A: canariesOf(A), B: canariesOf(B) } },
    catalog: { serviceIds: services.map((s) => s.id), optionKeys: options.map((o) => o.key) },
  };
}

/**
 * Puts a caller's account back as the fixture made it (e-mail, password, roles, not disabled,
 * member of its company): as a manager the fuzzer may change his own password or e-mail, and
 * the runner must be able to log in again after the 401 that follows.
 */
export async function restoreCaller(t: TestApp, tenant: Tenant, saved: SavedCaller): Promise<void> {
  await t.db
    .update(users)
    .set({
      email: saved.email,
      password_hash: saved.password_hash,
      roles: saved.roles,
      disabled_at: null,
    })
    .where(eq(users.id, tenant.dispatcher.id));
  await t.db
    .insert(companyUsers)
    .values({ company_id: tenant.companyId, user_id: tenant.dispatcher.id })
    .onConflictDoNothing();
}

export type SavedCaller = Pick<typeof users.$inferSelect, 'email' | 'password_hash' | 'roles'>;

/** The caller's account as the fixture made it, for `restoreCaller`. */
export async function saveCaller(t: TestApp, tenant: Tenant): Promise<SavedCaller> {
  const [row] = await t.db
    .select({ email: users.email, password_hash: users.password_hash, roles: users.roles })
    .from(users)
    .where(eq(users.id, tenant.dispatcher.id));
  if (!row) throw new Error(`fuzz caller ${tenant.label} is gone`);
  return row;
}

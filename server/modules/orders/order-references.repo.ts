import { sql } from 'drizzle-orm';
import { type DbOrTx, rowsOf } from '../../db/client';
import { blockedPhones, companies, orderOptions, services, users } from '../../db/schema';
import { intArray } from '../../db/sql';

/** What an order refers to, as the caller sent it (only the fields present are looked up). */
export interface OrderReferences {
  phone?: string;
  service_id?: number | null;
  options?: string[];
  custom_driver_ids?: number[];
  protocol_company_id?: number | null;
}

export interface ReferenceFacts {
  /** SPEC §5: the phone is on the company's blocked list. */
  blocked: boolean;
  serviceKnown: boolean;
  /** The sent option keys the company offers. */
  knownOptions: string[];
  /** How many of the sent custom drivers are the company's drivers. */
  driversFound: number;
  protocol: { type: string; parent_company_id: number | null } | null;
}

const textArray = (values: string[]) => sql`${sql.param(values)}::text[]`;

/**
 * Everything the order service checks an order's references against, in one round trip
 * (placing an order is the console's hottest write; bench/orders-lists). The platform's
 * catalogue entries (company_id null) count for every company, as in catalog.repo.
 */
export async function referenceFacts(
  db: DbOrTx,
  companyId: number,
  refs: OrderReferences,
): Promise<ReferenceFacts> {
  const drivers = [...new Set(refs.custom_driver_ids ?? [])];
  const statement = sql`select
    ${refs.phone ? sql`exists (select 1 from ${blockedPhones} b where b.company_id = ${companyId} and b.phone = ${refs.phone})` : sql`false`} as blocked,
    ${refs.service_id != null ? sql`exists (select 1 from ${services} s where s.id = ${refs.service_id} and (s.company_id is null or s.company_id = ${companyId}))` : sql`true`} as service_known,
    ${refs.options?.length ? sql`(select coalesce(array_agg(o.key), '{}') from ${orderOptions} o where o.key = any(${textArray(refs.options)}) and (o.company_id is null or o.company_id = ${companyId}))` : sql`'{}'::text[]`} as known_options,
    ${drivers.length > 0 ? sql`(select count(*)::int from ${users} u where u.id = any(${intArray(drivers)}) and 'driver' = any(u.roles) and exists (select 1 from company_users cu where cu.user_id = u.id and cu.company_id = ${companyId}))` : sql`0`} as drivers_found,
    ${refs.protocol_company_id != null ? sql`(select json_build_object('type', c.type, 'parent_company_id', c.parent_company_id) from ${companies} c where c.id = ${refs.protocol_company_id})` : sql`null`} as protocol`;
  const [row] = rowsOf<{
    blocked: boolean;
    service_known: boolean;
    known_options: string[];
    drivers_found: number;
    protocol: ReferenceFacts['protocol'];
  }>(await db.execute(statement));
  if (!row) throw new Error('reference facts returned no row');
  return {
    blocked: row.blocked,
    serviceKnown: row.service_known,
    knownOptions: row.known_options,
    driversFound: Number(row.drivers_found),
    protocol: row.protocol,
  };
}

import { sql } from 'drizzle-orm';
import { type DbOrTx, rowsOf } from '../../../db/client';
import { preparedSql } from '../../../db/prepared';
import {
  blockedPhones,
  clients,
  companies,
  orderOptions,
  services,
  users,
} from '../../../db/schema';
import { hasDriverRole } from '../../../db/sql';

/** What an order refers to, as the caller sent it (only the fields present are looked up). */
export interface OrderReferences {
  phone?: string;
  service_id?: number | null;
  options?: string[];
  custom_driver_ids?: number[];
  protocol_company_id?: number | null;
}

export interface ReferenceFacts {
  /** The phone is on the company's blocked list. */
  blocked: boolean;
  serviceKnown: boolean;
  /** The sent option keys the company offers (those that fit its package). */
  knownOptions: string[];
  /** How many of the sent custom drivers are the company's drivers. */
  driversFound: number;
  protocol: { type: string; parent_company_id: number | null } | null;
  /** The company's client with the sent phone, as they are now (placing may rename them). */
  client: { name: string | null; about: string | null } | null;
  /** The service a new order without one gets: the company's /settings choice. */
  defaultServiceId: number | null;
}

const p = sql.placeholder;

/**
 * Everything the order service checks an order's references against, in one round trip
 * (placing an order is the console's hottest write; bench/orders-lists), as one fixed prepared
 * statement: an absent reference is a null or empty parameter, and its check's subquery never
 * runs (a `case` evaluates the branch it takes only). The platform's catalogue entries
 * (company_id null) count for every company, as in catalog.repo.
 */
const referencesStatement = preparedSql(
  'order_references',
  sql`select
    case when ${p('phone')}::text is null then false else exists (select 1 from ${blockedPhones} b
      where b.company_id = ${p('company_id')}::int and b.phone = ${p('phone')}::text) end as blocked,
    case when ${p('service_id')}::int is null then true else exists (select 1 from ${services} s
      where s.id = ${p('service_id')}::int
        and (s.company_id is null or s.company_id = ${p('company_id')}::int)) end as service_known,
    case when cardinality(${p('options')}::text[]) = 0 then '{}'::text[] else
      (select coalesce(array_agg(o.key), '{}') from ${orderOptions} o
        where o.key = any(${p('options')}::text[])
          and (o.company_id is null or o.company_id = ${p('company_id')}::int)
          and (select c.package_id from ${companies} c where c.id = ${p('company_id')}::int)
            = any(o.packages)) end as known_options,
    case when cardinality(${p('drivers')}::int[]) = 0 then 0 else
      (select count(*)::int from ${users} u
        where u.id = any(${p('drivers')}::int[]) and ${hasDriverRole(sql`u.roles`)}
          and exists (select 1 from company_users cu
            where cu.user_id = u.id and cu.company_id = ${p('company_id')}::int)) end as drivers_found,
    case when ${p('protocol_company_id')}::int is null then null else
      (select json_build_object('type', c.type, 'parent_company_id', c.parent_company_id)
        from ${companies} c where c.id = ${p('protocol_company_id')}::int) end as protocol,
    case when ${p('phone')}::text is null then null else
      (select json_build_object('name', k.name, 'about', k.about) from ${clients} k
        where k.company_id = ${p('company_id')}::int and k.phone = ${p('phone')}::text) end as client,
    (select c.default_service_id from ${companies} c where c.id = ${p('company_id')}::int)
      as default_service_id`,
);

export async function referenceFacts(
  db: DbOrTx,
  companyId: number,
  refs: OrderReferences,
): Promise<ReferenceFacts> {
  const [row] = rowsOf<{
    blocked: boolean;
    service_known: boolean;
    known_options: string[];
    drivers_found: number;
    protocol: ReferenceFacts['protocol'];
    client: ReferenceFacts['client'];
    default_service_id: number | null;
  }>(
    await referencesStatement(db).execute({
      company_id: companyId,
      phone: refs.phone ?? null,
      service_id: refs.service_id ?? null,
      options: refs.options ?? [],
      drivers: [...new Set(refs.custom_driver_ids ?? [])],
      protocol_company_id: refs.protocol_company_id ?? null,
    }),
  );
  if (!row) throw new Error('reference facts returned no row');
  return {
    blocked: row.blocked,
    serviceKnown: row.service_known,
    knownOptions: row.known_options,
    driversFound: Number(row.drivers_found),
    protocol: row.protocol,
    client: row.client,
    defaultServiceId: row.default_service_id,
  };
}

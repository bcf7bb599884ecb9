import type { DiscountTerms } from '@common/money/discount';
import type {
  DiscountCompensationRow,
  DiscountCompensationsQuery,
  DiscountCondition,
  DiscountKind,
  DiscountListQuery,
} from '@common/money/discounts.schema';
import type { LedgerEntry, LedgerKind } from '@common/money/ledger.schema';
import { and, count, desc, eq, isNull, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { type DbOrTx, rowsOf } from '../../db/client';
import { clients, companies, discountConditions, discountUses } from '../../db/schema';
import { utcNow } from '../../db/schema/columns';
import { oneOf } from '../../db/sql';
import type { TenantScope } from '../../http/auth-context';

/** The columns an administrator writes (the body, its ids checked against the company). */
export interface ConditionValues {
  name: string;
  kind: DiscountKind;
  value: number;
  max_amount: number | null;
  valid_from: string | null;
  valid_until: string | null;
  client_id: number | null;
  protocol_company_id: number | null;
  per_client_limit: number | null;
  total_limit: number | null;
  compensate_driver: boolean;
  disabled: boolean;
}

const protocolCompany = alias(companies, 'protocol_company');

const conditionColumns = {
  id: discountConditions.id,
  company_id: discountConditions.company_id,
  name: discountConditions.name,
  kind: sql<DiscountKind>`${discountConditions.kind}`,
  value: discountConditions.value,
  max_amount: discountConditions.max_amount,
  valid_from: discountConditions.valid_from,
  valid_until: discountConditions.valid_until,
  client_id: discountConditions.client_id,
  client_phone: clients.phone,
  client_name: clients.name,
  protocol_company_id: discountConditions.protocol_company_id,
  protocol_company_name: protocolCompany.name,
  per_client_limit: discountConditions.per_client_limit,
  total_limit: discountConditions.total_limit,
  uses: discountConditions.uses,
  compensate_driver: discountConditions.compensate_driver,
  disabled: sql<boolean>`${discountConditions.disabled_at} is not null`,
  created_at: discountConditions.created_at,
};

function selectConditions(db: DbOrTx) {
  return db
    .select(conditionColumns)
    .from(discountConditions)
    .leftJoin(clients, eq(clients.id, discountConditions.client_id))
    .leftJoin(protocolCompany, eq(protocolCompany.id, discountConditions.protocol_company_id));
}

const inScope = (scope: TenantScope): SQL | undefined =>
  scope.kind === 'all' ? undefined : oneOf(discountConditions.company_id, scope.companyIds);

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The company's conditions, newest first; the disabled ones only when asked. */
export async function listConditions(
  db: DbOrTx,
  companyId: number,
  query: Pick<DiscountListQuery, 'search' | 'all' | 'page' | 'per_page'>,
) {
  const where = and(
    eq(discountConditions.company_id, companyId),
    query.all ? undefined : isNull(discountConditions.disabled_at),
    query.search
      ? sql`f_unaccent(lower(${discountConditions.name})) like f_unaccent(${`%${escapeLike(query.search.toLowerCase())}%`})`
      : undefined,
  );
  const [rows, [total]] = await Promise.all([
    selectConditions(db)
      .where(where)
      .orderBy(desc(discountConditions.id))
      .limit(query.per_page)
      .offset((query.page - 1) * query.per_page),
    db.select({ value: count() }).from(discountConditions).where(where),
  ]);
  return {
    data: rows,
    meta: { total: total?.value ?? 0, page: query.page, per_page: query.per_page },
  };
}

export async function findCondition(
  db: DbOrTx,
  scope: TenantScope,
  id: number,
): Promise<DiscountCondition | undefined> {
  const [row] = await selectConditions(db)
    .where(and(eq(discountConditions.id, id), inScope(scope)))
    .limit(1);
  return row;
}

const writtenColumns = ({ disabled, ...values }: ConditionValues) => ({
  ...values,
  // Disabling keeps the first moment it was disabled; enabling clears it.
  disabled_at: disabled ? sql`coalesce(${discountConditions.disabled_at}, ${utcNow})` : null,
});

export async function insertCondition(
  db: DbOrTx,
  companyId: number,
  userId: number,
  { disabled, ...values }: ConditionValues,
): Promise<number> {
  const [row] = await db
    .insert(discountConditions)
    .values({
      company_id: companyId,
      created_by: userId,
      ...values,
      disabled_at: disabled ? utcNow : null,
    })
    .returning({ id: discountConditions.id });
  if (!row) throw new Error('insert returned no row');
  return row.id;
}

/** Rewrites a condition of the company; false when it has none with this id. */
export async function updateCondition(
  db: DbOrTx,
  companyId: number,
  id: number,
  values: ConditionValues,
): Promise<boolean> {
  const rows = await db
    .update(discountConditions)
    .set({ ...writtenColumns(values), updated_at: utcNow })
    .where(and(eq(discountConditions.id, id), eq(discountConditions.company_id, companyId)))
    .returning({ id: discountConditions.id });
  return rows.length === 1;
}

export async function isClientOf(db: DbOrTx, companyId: number, clientId: number) {
  const [row] = await db
    .select({ id: clients.id })
    .from(clients)
    .where(and(eq(clients.id, clientId), eq(clients.company_id, companyId)));
  return row !== undefined;
}

/** Whether the company is a protocol company the dispatch company serves. */
export async function isProtocolCompanyOf(db: DbOrTx, companyId: number, protocolId: number) {
  const [row] = await db
    .select({ id: companies.id })
    .from(companies)
    .where(
      and(
        eq(companies.id, protocolId),
        eq(companies.type, 'protocol'),
        eq(companies.parent_company_id, companyId),
      ),
    );
  return row !== undefined;
}

/** The company's client with this (normalised) phone, if he has called before. */
export async function clientIdByPhone(db: DbOrTx, companyId: number, phone: string) {
  const [row] = await db
    .select({ id: clients.id })
    .from(clients)
    .where(and(eq(clients.company_id, companyId), eq(clients.phone, phone)));
  return row?.id ?? null;
}

/** How many orders of the client hold a use of the condition. */
const clientUsesSql = (conditionId: SQL | number, clientId: SQL | number | null) =>
  sql`(select count(*)::int from ${discountUses} u
    where u.condition_id = ${conditionId} and u.client_id = ${clientId})`;

/**
 * The company's conditions a ride may use today: enabled, within their dates, for everyone,
 * this client or this protocol company, with uses left in all and for this client.
 */
export function applicableConditions(
  db: DbOrTx,
  companyId: number,
  ride: { today: string; clientId: number | null; protocolCompanyId: number | null },
): Promise<DiscountCondition[]> {
  const c = discountConditions;
  return selectConditions(db)
    .where(
      and(
        eq(c.company_id, companyId),
        isNull(c.disabled_at),
        sql`(${c.valid_from} is null or ${c.valid_from} <= ${ride.today}::date)`,
        sql`(${c.valid_until} is null or ${c.valid_until} >= ${ride.today}::date)`,
        sql`(${c.total_limit} is null or ${c.uses} < ${c.total_limit})`,
        sql`((${c.client_id} is null and ${c.protocol_company_id} is null)
          or ${c.client_id} = ${ride.clientId}::int
          or ${c.protocol_company_id} = ${ride.protocolCompanyId}::int)`,
        ride.clientId === null
          ? undefined
          : sql`(${c.per_client_limit} is null
              or ${clientUsesSql(sql`${c.id}`, ride.clientId)} < ${c.per_client_limit})`,
      ),
    )
    .orderBy(desc(c.id));
}

/** A condition as an order's use judges it, read in the order's transaction. */
export interface ConditionForUse extends DiscountTerms {
  id: number;
  company_id: number;
  disabled: boolean;
  valid_from: string | null;
  valid_until: string | null;
  client_id: number | null;
  protocol_company_id: number | null;
  per_client_limit: number | null;
  total_limit: number | null;
  uses: number;
}

const forUseColumns = sql`id, company_id, kind, value, max_amount,
  to_char(valid_from, 'YYYY-MM-DD') as valid_from, to_char(valid_until, 'YYYY-MM-DD') as valid_until,
  client_id, protocol_company_id, per_client_limit, total_limit, uses,
  disabled_at is not null as disabled`;

/**
 * Takes one use of the company's condition while its total limit allows: the UPDATE's row lock
 * orders racing orders, each seeing the count the one before it left. Undefined when it is not
 * the company's or its uses are spent (`conditionOf` tells which).
 */
export async function takeUse(
  tx: DbOrTx,
  conditionId: number,
  companyId: number,
): Promise<ConditionForUse | undefined> {
  const [row] = rowsOf<ConditionForUse>(
    await tx.execute(sql`update discount_conditions set uses = uses + 1
      where id = ${conditionId} and company_id = ${companyId}
        and (total_limit is null or uses < total_limit)
      returning ${forUseColumns}`),
  );
  return row;
}

/** The company's condition as it is, without a lock (to explain a refusal). */
export async function conditionOf(
  tx: DbOrTx,
  conditionId: number,
  companyId: number,
): Promise<ConditionForUse | undefined> {
  const [row] = rowsOf<ConditionForUse>(
    await tx.execute(sql`select ${forUseColumns} from discount_conditions
      where id = ${conditionId} and company_id = ${companyId}`),
  );
  return row;
}

/** The orders of the client holding a use of the condition. */
export async function clientUses(tx: DbOrTx, conditionId: number, clientId: number) {
  const [row] = rowsOf<{ n: number }>(
    await tx.execute(sql`select ${clientUsesSql(conditionId, clientId)} as n`),
  );
  return Number(row?.n ?? 0);
}

/** Records the order's use (counted against the per-client limit). */
export async function insertUse(
  tx: DbOrTx,
  use: { order_id: number; condition_id: number; client_id: number | null },
) {
  await tx.insert(discountUses).values(use);
}

/** Gives the order's use back (its row and one from the count); the condition it was of. */
export async function releaseUse(tx: DbOrTx, orderId: number): Promise<number | undefined> {
  const [row] = rowsOf<{ id: number }>(
    await tx.execute(sql`with released as (
        delete from discount_uses where order_id = ${orderId} returning condition_id)
      update discount_conditions set uses = greatest(uses - 1, 0), updated_at = ${utcNow}
      from released where discount_conditions.id = released.condition_id
      returning discount_conditions.id`),
  );
  return row?.id;
}

/** What a condition takes off a fare (the finish recomputes the discount on the final fare). */
export async function termsOf(tx: DbOrTx, conditionId: number): Promise<DiscountTerms | undefined> {
  const [row] = await tx
    .select({
      kind: sql<DiscountKind>`${discountConditions.kind}`,
      value: discountConditions.value,
      max_amount: discountConditions.max_amount,
    })
    .from(discountConditions)
    .where(eq(discountConditions.id, conditionId));
  return row;
}

/** Whether the order's condition is one the company pays its drivers back. */
export async function compensatesDriver(tx: DbOrTx, conditionId: number | null) {
  if (conditionId === null) return false;
  const [row] = await tx
    .select({ compensate: discountConditions.compensate_driver })
    .from(discountConditions)
    .where(eq(discountConditions.id, conditionId));
  return row?.compensate ?? false;
}

/** The SQL form of "a compensated discount" on an order row, for the guard of its payback. */
export const compensatedDiscountSql = (conditionColumn: SQL) =>
  sql`exists (select 1 from ${discountConditions} dc
    where dc.id = ${conditionColumn} and dc.compensate_driver)`;

/**
 * The company's finished orders whose condition is paid back to the driver, with a driver and
 * a discount: not yet paid back ('pending') or paid ('done'), the latest trips first.
 */
export async function listCompensations(
  db: DbOrTx,
  companyId: number,
  query: Pick<DiscountCompensationsQuery, 'state' | 'driver_id' | 'page' | 'per_page'>,
): Promise<{
  data: DiscountCompensationRow[];
  meta: { total: number; page: number; per_page: number };
}> {
  const where = sql`o.processed_by_company_id = ${companyId} and o.state = 'finished'
    and o.driver_id is not null and o.discount_amount > 0
    and o.discount_compensated = ${query.state === 'done'}
    ${query.driver_id ? sql`and o.driver_id = ${query.driver_id}` : sql``}`;
  const from = sql`from orders o
    join discount_conditions c on c.id = o.discount_condition_id and c.compensate_driver
    join users d on d.id = o.driver_id`;
  const [rows, totals] = await Promise.all([
    db.execute(sql`select o.id as order_id,
        to_char(o.trip_finished_at, 'YYYY-MM-DD HH24:MI:SS') as trip_finished_at,
        o.driver_id, d.name as driver_name, coalesce(o.car_indicativ, d.identifier) as indicativ,
        c.id as condition_id, c.name as condition_name, o.cost, o.discount_amount,
        o.discount_compensated
      ${from} where ${where}
      order by o.trip_finished_at desc nulls last, o.id desc
      limit ${query.per_page} offset ${(query.page - 1) * query.per_page}`),
    db.execute(sql`select count(*)::int as total ${from} where ${where}`),
  ]);
  const [total] = rowsOf<{ total: number }>(totals);
  return {
    data: rowsOf<DiscountCompensationRow>(rows),
    meta: { total: Number(total?.total ?? 0), page: query.page, per_page: query.per_page },
  };
}

/** One ledger entry as the ledger's screens show it (the compensation's answer). */
export async function ledgerEntry(db: DbOrTx, entryId: number): Promise<LedgerEntry | undefined> {
  const [row] = rowsOf<Omit<LedgerEntry, 'kind'> & { kind: LedgerKind }>(
    await db.execute(sql`select e.id::int as id, e.company_id, e.driver_id, d.name as driver_name,
        coalesce((select k.indicativ from cars k
          where k.driver_id = e.driver_id and k.company_id = e.company_id order by k.id limit 1),
          d.identifier) as indicativ,
        e.kind, e.amount, e.balance_after, e.order_id, e.transfer_id::int as transfer_id,
        e.counterpart_id, counterpart.name as counterpart_name, author.name as created_by_name,
        e.note, to_char(e.created_at, 'YYYY-MM-DD HH24:MI:SS') as created_at
      from ledger_entries e
      join users d on d.id = e.driver_id
      left join users counterpart on counterpart.id = e.counterpart_id
      left join users author on author.id = e.created_by
      where e.id = ${entryId}`),
  );
  return row;
}

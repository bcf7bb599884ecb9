import type { CallerInfo, MissedCall } from '@common/calls/calls.schema';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { type DbOrTx, rowsOf } from '../../db/client';
import { calls, clients } from '../../db/schema';
import { utcNow } from '../../db/schema/columns';

/** A SIP call already known for this company (docs/CALLS.md: once per company and Call-ID). */
export interface KnownCall {
  id: number;
  outcome: 'answered' | 'missed';
  order_id: number | null;
  dispatcher_id: number | null;
}

/**
 * Claims a SIP call for the dispatcher who answered it: the row, or undefined when the call is
 * already known (another dispatcher's accept, this one's retry, or the PBX's missed report). A
 * racing insert waits on the unique index for the first to commit, then inserts nothing.
 */
export async function claimAnsweredCall(
  tx: DbOrTx,
  values: { company_id: number; sip_call_id: string; phone: string; dispatcher_id: number },
): Promise<number | undefined> {
  const [row] = await tx
    .insert(calls)
    .values({ ...values, outcome: 'answered' })
    .onConflictDoNothing({ target: [calls.company_id, calls.sip_call_id] })
    .returning({ id: calls.id });
  return row?.id;
}

export async function findCall(
  db: DbOrTx,
  companyId: number,
  sipCallId: string,
): Promise<KnownCall | undefined> {
  const [row] = await db
    .select({
      id: calls.id,
      outcome: calls.outcome,
      order_id: calls.order_id,
      dispatcher_id: calls.dispatcher_id,
    })
    .from(calls)
    .where(and(eq(calls.company_id, companyId), eq(calls.sip_call_id, sipCallId)));
  return row ? { ...row, outcome: row.outcome as KnownCall['outcome'] } : undefined;
}

export async function linkOrder(tx: DbOrTx, callId: number, orderId: number) {
  await tx.update(calls).set({ order_id: orderId }).where(eq(calls.id, callId));
}

/** Keeps a call nobody answered; false when the PBX already reported it (or it was answered). */
export async function insertMissedCall(
  db: DbOrTx,
  values: { company_id: number; sip_call_id: string; phone: string; code: number },
): Promise<boolean> {
  const rows = await db
    .insert(calls)
    .values({ ...values, outcome: 'missed' })
    .onConflictDoNothing({ target: [calls.company_id, calls.sip_call_id] })
    .returning({ id: calls.id });
  return rows.length > 0;
}

const missedColumns = sql`c.id, c.phone, c.sip_call_id as sip_caller_id, c.code::int as code, cl.name as client_name,
  to_char(c.created_at, 'YYYY-MM-DD HH24:MI:SS') as created_at,
  to_char(c.handled_at, 'YYYY-MM-DD HH24:MI:SS') as handled_at, c.handled_by`;

/** The company's missed calls not yet called back, newest first (the partial index's order). */
export async function listUnhandledMissed(db: DbOrTx, companyId: number, limit = 100) {
  return rowsOf<MissedCall>(
    await db.execute(sql`select ${missedColumns}
      from ${calls} c left join ${clients} cl on cl.company_id = c.company_id and cl.phone = c.phone
      where c.company_id = ${companyId} and c.outcome = 'missed' and c.handled_at is null
      order by c.created_at desc nulls first, c.id desc
      limit ${limit}`),
  );
}

export async function countUnhandledMissed(db: DbOrTx, companyId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(calls)
    .where(
      and(eq(calls.company_id, companyId), eq(calls.outcome, 'missed'), isNull(calls.handled_at)),
    );
  return row?.n ?? 0;
}

/**
 * Marks a missed call of these companies called back (once: a second click keeps the first
 * dispatcher's name); its id, or undefined when it is not theirs or not a missed call.
 */
export async function markMissedHandled(
  db: DbOrTx,
  companyIds: number[],
  id: number,
  by: { id: number; name: string },
): Promise<number | undefined> {
  const [row] = await db
    .update(calls)
    .set({
      handled_at: sql`coalesce(${calls.handled_at}, ${utcNow})`,
      handled_by_id: sql`coalesce(${calls.handled_by_id}, ${by.id})`,
      handled_by: sql`coalesce(${calls.handled_by}, ${by.name})`,
    })
    .where(
      and(eq(calls.id, id), eq(calls.outcome, 'missed'), inArray(calls.company_id, companyIds)),
    )
    .returning({ id: calls.id });
  return row?.id;
}

export async function findMissedCall(db: DbOrTx, id: number): Promise<MissedCall | undefined> {
  const [row] = rowsOf<MissedCall>(
    await db.execute(sql`select ${missedColumns}
      from ${calls} c left join ${clients} cl on cl.company_id = c.company_id and cl.phone = c.phone
      where c.id = ${id}`),
  );
  return row;
}

/** The company's client for a (normalised) phone. */
export async function findClientByPhone(db: DbOrTx, companyId: number, phone: string) {
  const [row] = await db
    .select({ id: clients.id, name: clients.name, about: clients.about })
    .from(clients)
    .where(and(eq(clients.company_id, companyId), eq(clients.phone, phone)));
  return row;
}

/**
 * Who is calling, in one statement (the pending-calls bar): the company's client for this
 * number, their last saved address, how many orders they have, and whether the number is
 * blocked.
 */
export async function callerInfo(
  db: DbOrTx,
  companyId: number,
  phone: string,
): Promise<Omit<CallerInfo, 'phone'>> {
  const [row] = rowsOf<Omit<CallerInfo, 'phone'>>(
    await db.execute(sql`select cl.id as client_id, cl.name,
        (select a.name from client_addresses a where a.client_id = cl.id
          order by a.last_used_at desc nulls last, a.id desc limit 1) as last_address,
        coalesce((select count(*)::int from orders o where o.client_id = cl.id), 0) as orders_count,
        b.id is not null as blocked, b.reason as blocked_reason
      from (select 1) one
      left join clients cl on cl.company_id = ${companyId} and cl.phone = ${phone}
      left join blocked_phones b on b.company_id = ${companyId} and b.phone = ${phone}`),
  );
  return (
    row ?? {
      client_id: null,
      name: null,
      last_address: null,
      orders_count: 0,
      blocked: false,
      blocked_reason: null,
    }
  );
}

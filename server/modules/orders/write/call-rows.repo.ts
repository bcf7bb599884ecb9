import { and, inArray, ne, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { orders } from '../../../db/schema';
import type { NewOrderRow } from './order-rows.repo';

/** The order's call fields, with UTC `YYYY-MM-DD HH:mm:ss` times. */
const utcText = sql`to_char(now() at time zone 'utc', 'YYYY-MM-DD HH24:MI:SS')`;

export type LiveCallState = 'started' | 'on_hold' | 'ended';

/**
 * The columns a call state writes (docs/CALLS.md): the `call` object, its state column (the
 * in-call tab's index), the media direction (`call_playback_state`) and whether the client
 * waits for the operator (`call_need_interaction`, true on hold).
 */
export function callColumns(state: LiveCallState): Partial<NewOrderRow> {
  const call =
    state === 'ended'
      ? sql`${orders.call} || jsonb_build_object('state', 'ended', 'ended_at', ${utcText})`
      : sql`${orders.call} || jsonb_build_object('state', ${state}::text)`;
  const playback = { started: 'sendrecv', on_hold: 'sendonly', ended: 'inactive' }[state];
  return {
    call,
    call_state: state,
    call_playback_state: playback,
    call_need_interaction: state === 'on_hold',
  };
}

/** A call that starts now: the `call` object of an order born from it. */
export const startedCall = (phone: string, sipCallId: string) =>
  sql`jsonb_build_object('phone', ${phone}::text, 'state', 'started', 'started_at', ${utcText},
    'ended_at', null, 'sip_caller_id', ${sipCallId}::text)`;

/** Guards: this dispatcher's call on the order, live, or in one state. */
export const callGuards = {
  live: (userId: number) =>
    sql`${orders.dispatcher_id} = ${userId} and ${orders.call_state} in ('started', 'on_hold')`,
  inState: (userId: number, state: 'started' | 'on_hold') =>
    sql`${orders.dispatcher_id} = ${userId} and ${orders.call_state} = ${state}`,
};

/**
 * Puts the dispatcher's other started calls on hold (answering or resuming one holds
 * the others); the orders it changed. `companyIds` keeps the in-call partial index in play.
 */
export async function holdOtherCalls(
  tx: DbOrTx,
  companyIds: number[],
  userId: number,
  exceptOrderId: number,
): Promise<number[]> {
  const rows = await tx
    .update(orders)
    .set({ ...callColumns('on_hold'), updated_at: sql`now() at time zone 'utc'` })
    .where(
      and(
        inArray(orders.processed_by_company_id, companyIds),
        callGuards.inState(userId, 'started'),
        ne(orders.id, exceptOrderId),
      ),
    )
    .returning({ id: orders.id });
  return rows.map((row) => row.id);
}

/** Which live call: a company's, by its SIP Call-ID and/or phone, and/or its dispatcher's. */
export interface CallTarget {
  companyIds: number[];
  dispatcherId?: number;
  phone?: string;
  sipCallId?: string;
}

/** The newest call matching `target` (live, or `ended` too when asked), or undefined. */
export async function findOrderCall(
  db: DbOrTx,
  target: CallTarget,
  states: readonly LiveCallState[] = ['started', 'on_hold'],
): Promise<{ id: number; state: string; call_state: string | null } | undefined> {
  const conditions: SQL[] = [
    inArray(orders.processed_by_company_id, target.companyIds),
    inArray(orders.call_state, [...states]),
  ];
  if (target.dispatcherId !== undefined)
    conditions.push(sql`${orders.dispatcher_id} = ${target.dispatcherId}`);
  if (target.phone) conditions.push(sql`${orders.call}->>'phone' = ${target.phone}`);
  if (target.sipCallId)
    conditions.push(sql`${orders.call}->>'sip_caller_id' = ${target.sipCallId}`);
  const [row] = await db
    .select({ id: orders.id, state: orders.state, call_state: orders.call_state })
    .from(orders)
    .where(and(...conditions))
    .orderBy(sql`${orders.created_at} desc`, sql`${orders.id} desc`)
    .limit(1);
  return row;
}

/** A live call, whoever's: the guard of an end the PBX reports. */
export const liveCall = sql`${orders.call_state} in ('started', 'on_hold')`;

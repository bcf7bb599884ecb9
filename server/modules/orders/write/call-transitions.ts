import { CALL_GONE, CALL_TAKEN, NO_LIVE_CALL } from '@common/calls/calls.schema';
import type { Order, OrderPlaceInput } from '@common/orders/orders.schema';
import { and } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../../db/client';
import { utcNow } from '../../../db/schema/columns';
import { conflict } from '../../../http/app-error';
import { type AuthContext, scopeOf } from '../../../http/auth-context';
import {
  type CallTarget,
  callColumns,
  callGuards,
  findOrderCall,
  holdOtherCalls,
  liveCall,
  startedCall,
} from './call-rows.repo';
import { type Actor, SYSTEM_ACTOR } from './dispatch-transitions';
import { releaseDiscount } from './order-discounts';
import {
  addHistory,
  insertOrder,
  insertPlaces,
  transitionGuards,
  updateOrderWhere,
} from './order-rows.repo';
import type { WriteSteps } from './write-steps';

/** An answered call, as the calls service resolved it (company, client history). */
export interface AnsweredCall {
  /** The dispatching company (its line rang). */
  companyId: number;
  createdByCompanyId: number;
  /** The caller as the PBX named them: a normalised number, or 'anonymous' and the like. */
  phone: string;
  /** Whether `phone` is a number the order can keep (else the dispatcher types one). */
  isNumber: boolean;
  sipCallId: string;
  client: { id: number; name: string | null; about: string | null } | null;
  /** The client's last address: place A of the new order. */
  lastPlace: OrderPlaceInput | null;
}

/**
 * The calls log as accepting a call writes it, inside the order's transaction. The calls module
 * owns that table and hands its writer in, so orders import nothing from calls.
 */
export interface CallLog {
  /** Records the call as this dispatcher's; undefined when it was recorded before (a retry, a rival). */
  claimAnswered(
    tx: DbOrTx,
    values: { company_id: number; sip_call_id: string; phone: string; dispatcher_id: number },
  ): Promise<number | undefined>;
  find(
    tx: DbOrTx,
    companyId: number,
    sipCallId: string,
  ): Promise<
    | { outcome: 'answered' | 'missed'; order_id: number | null; dispatcher_id: number | null }
    | undefined
  >;
  linkOrder(tx: DbOrTx, callId: number, orderId: number): Promise<void>;
}

/**
 * The telephony's changes of orders (Calls, docs/CALLS.md), through the
 * orders' one write path: each writes in one transaction with its history items and its
 * numbered changes.
 */
export function createCallTransitions(db: Db, steps: WriteSteps) {
  /** Puts the dispatcher's other started calls on hold: history and a change for each. */
  async function holdOthers(tx: DbOrTx, auth: AuthContext, companyIds: number[], id: number) {
    let seq: number | undefined;
    for (const other of await holdOtherCalls(tx, companyIds, auth.userId, id)) {
      await steps.history(tx, auth, other, 'call_on_hold');
      seq = await steps.recordChange(tx, other);
    }
    return seq;
  }

  /**
   * POST /api/calls/accept: the order of this SIP call, born once (docs/CALLS.md): a
   * retry by the same dispatcher answers the same order; anyone else is refused.
   */
  async function accept(auth: AuthContext, call: AnsweredCall, log: CallLog): Promise<Order> {
    const created = await db.transaction(async (tx) => {
      const claimed = await log.claimAnswered(tx, {
        company_id: call.companyId,
        sip_call_id: call.sipCallId,
        phone: call.phone,
        dispatcher_id: auth.userId,
      });
      if (claimed === undefined) {
        const known = await log.find(tx, call.companyId, call.sipCallId);
        if (known?.outcome === 'answered' && known.dispatcher_id === auth.userId && known.order_id)
          return { replayed: true as const, id: known.order_id, seq: 0 };
        throw conflict(known?.outcome === 'missed' ? CALL_GONE : CALL_TAKEN);
      }
      const places = call.lastPlace ? [call.lastPlace] : [];
      const order = await insertOrder(tx, {
        state: 'new',
        source: 'from_call',
        phone: call.isNumber ? call.phone : '',
        client_id: call.client?.id ?? null,
        client_name: call.client?.name ?? null,
        about_client: call.client?.about ?? null,
        dispatcher_id: auth.userId,
        // The logged user's companies set search_company_ids.
        search_company_ids: auth.companyIds,
        created_by_company_id: call.createdByCompanyId,
        processed_by_company_id: call.companyId,
        departure_time: utcNow,
        address: places[0]?.name ?? null,
        call: startedCall(call.phone, call.sipCallId),
        call_state: 'started',
        call_playback_state: 'sendrecv',
      });
      await insertPlaces(tx, order.id, places);
      await log.linkOrder(tx, claimed, order.id);
      await holdOthers(tx, auth, [call.companyId], order.id);
      await steps.history(tx, auth, order.id, 'call_accepted', { phone: call.phone });
      return {
        replayed: false as const,
        id: order.id,
        seq: await steps.recordChange(tx, order.id, 'created'),
      };
    });
    if (created.replayed) return steps.current(auth, created.id);
    return steps.published(created.seq, created.id);
  }

  /**
   * The dispatcher's call on an order moves to `state` (F1–F9 hold and resume): resuming one
   * holds the others. Already there: the order as it is (a repeated key press).
   */
  async function setState(auth: AuthContext, id: number, state: 'started' | 'on_hold') {
    const from = state === 'started' ? 'on_hold' : 'started';
    const seq = await db.transaction(async (tx) => {
      const row = await steps.rowOf(tx, auth, id);
      if (row.dispatcher_id !== auth.userId) throw conflict(NO_LIVE_CALL);
      if (row.call_state === state) return null;
      const updated = await updateOrderWhere(
        tx,
        scopeOf(auth),
        id,
        callGuards.inState(auth.userId, from),
        callColumns(state),
      );
      if (!updated) throw conflict(NO_LIVE_CALL);
      if (state === 'started') await holdOthers(tx, auth, [row.processed_by_company_id], id);
      await steps.history(tx, auth, id, state === 'started' ? 'call_resumed' : 'call_on_hold');
      return steps.recordChange(tx, id);
    });
    return seq === null ? steps.current(auth, id) : steps.published(seq, id);
  }

  /**
   * The call ended (the client's or the dispatcher's hang-up, told by the softphone or
   * by the PBX). A draft is canceled with `call_ended` and the reason text; a placed order keeps
   * its search or its driver (docs/CALLS.md: the end of the call is the normal end of taking an
   * order). The order, or null when no live call matches (ended already, or never ours).
   */
  async function endCall(
    actor: Actor,
    target: CallTarget,
    reasonText: string,
  ): Promise<Order | null> {
    const ended = await db.transaction(async (tx) => {
      const live = await findOrderCall(tx, target);
      if (!live) return null;
      const draft = live.state === 'new';
      const updated = await updateOrderWhere(
        tx,
        { kind: 'companies', companyIds: target.companyIds },
        live.id,
        // The state it judged: a draft placed meanwhile is not canceled (the retry sees it placed).
        and(liveCall, transitionGuards.stillIn(live.state)),
        {
          ...callColumns('ended'),
          ...(draft
            ? {
                state: 'canceled',
                closed_at: utcNow,
                cancellation_reason_type: 'call_ended',
                cancellation_reason_text: reasonText,
                cancelled_by_identifier: actor.userName,
              }
            : {}),
        },
      );
      if (!updated) throw conflict(NO_LIVE_CALL);
      if (draft) await releaseDiscount(tx, updated);
      await addHistory(tx, {
        order_id: live.id,
        type: 'call_ended',
        initiator: actor.userName,
        initiator_id: actor.userId,
        details: { reason: reasonText },
      });
      const kind = draft ? 'canceled' : 'changed';
      const seq = await steps.recordChange(tx, live.id, kind, draft ? 'call_ended' : undefined);
      return { id: live.id, seq };
    });
    return ended ? steps.published(ended.seq, ended.id) : null;
  }

  /**
   * The dispatcher's hang-up or the client's, as the softphone tells it (PATCH
   * /api/calls/cancel). A call the PBX ended first answers its order as it is; no call of
   * theirs with that number, 409.
   */
  async function end(
    auth: AuthContext,
    companyIds: number[],
    phone: string,
    sipCallId: string | undefined,
    reasonText: string,
  ): Promise<Order> {
    const target = { companyIds, dispatcherId: auth.userId, phone, sipCallId };
    const order = await endCall(auth, target, reasonText);
    if (order) return order;
    const gone = sipCallId ? await findOrderCall(db, target, ['ended']) : undefined;
    if (!gone) throw conflict(NO_LIVE_CALL);
    return steps.current(auth, gone.id);
  }

  /** The PBX saw the call end (a BYE through it): whoever's call it was, on any node. */
  const endedAtPbx = (companyIds: number[], sipCallId: string, reasonText: string) =>
    endCall(SYSTEM_ACTOR, { companyIds, sipCallId }, reasonText);

  return {
    accept,
    hold: (auth: AuthContext, id: number) => setState(auth, id, 'on_hold'),
    unhold: (auth: AuthContext, id: number) => setState(auth, id, 'started'),
    end,
    endedAtPbx,
  };
}

export type CallTransitions = ReturnType<typeof createCallTransitions>;

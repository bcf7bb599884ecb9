import {
  type CallerInfo,
  CLIENT_FINISHED_CALL,
  callerNumber,
  DISPATCHER_FINISHED_CALL,
  type MissedCall,
  type PbxCallEndedBodySchema,
  type PbxMissedCallBodySchema,
  type SipSettings,
} from '@common/calls/calls.schema';
import { normalizePhone } from '@common/lib/phone';
import type { Order } from '@common/orders/orders.schema';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { AppError, notFound } from '../../http/app-error';
import type { AuthContext } from '../../http/auth-context';
import { maskPhones } from '../../http/log-serializers';
import type { Publisher } from '../../realtime/publisher';
import { addressesOfClients } from '../clients/clients.repo';
import { findCompanies } from '../companies/companies.repo';
import type { CallerCompanies, CallerCompaniesOf } from '../orders/caller-companies';
import type { CallLog, CallTransitions } from '../orders/write/call-transitions';
import { findUserMeta } from '../users/users.repo';
import * as repo from './calls.repo';
import { companyOfSipUser } from './sip-secrets';
import { type SipServerConfig, sipSettingsFor } from './sip-settings';

export interface CallsServiceDeps {
  db: Db;
  writes: CallTransitions;
  callerCompanies: CallerCompaniesOf;
  publisher: Pick<Publisher, 'toCompany'>;
  config: SipServerConfig;
  log: Pick<FastifyBaseLogger, 'warn' | 'error' | 'info'>;
  now?: () => number;
}

/** This module's table, written by the orders' accept in its transaction. */
const callLog: CallLog = {
  claimAnswered: repo.claimAnsweredCall,
  find: repo.findCall,
  linkOrder: repo.linkOrder,
};

/**
 * The company whose line a dispatcher answers: his first dispatching (non-protocol) one, in id
 * order (findCompanies), as telephony.repo's SQL picks it.
 */
const lineCompanyOf = (companies: CallerCompanies) =>
  companies.find((c) => c.type !== 'protocol') ?? null;

/** The call centre (docs/CALLS.md). */
export function createCallsService(deps: CallsServiceDeps) {
  const { db, writes, publisher, log } = deps;
  const now = deps.now ?? Date.now;

  /** The company whose line the dispatcher answers: their first dispatching (non-protocol) one. */
  async function lineCompany(auth: AuthContext) {
    const company = lineCompanyOf(await deps.callerCompanies(auth));
    if (!company) throw new AppError('forbidden', 'Contul nu aparține niciunei companii.');
    return company;
  }

  async function tellMissed(companyId: number) {
    const unhandled = await repo.countUnhandledMissed(db, companyId);
    publisher.toCompany(companyId, 'missed_calls_updated', { company_id: companyId, unhandled });
  }

  /** POST /api/calls/accept. */
  async function accept(auth: AuthContext, body: { phone_number: string; sip_caller_id: string }) {
    const company = await lineCompany(auth);
    const phone = body.phone_number;
    // A hidden or non-numeric caller is answered too; the order waits for a typed number.
    const isNumber = normalizePhone(phone) === phone;
    const client = isNumber
      ? ((await repo.findClientByPhone(db, company.id, phone)) ?? null)
      : null;
    const [last] = client ? await addressesOfClients(db, [company.id], [client.id]) : [];
    const order = await writes.accept(
      auth,
      {
        companyId: company.id,
        createdByCompanyId: company.id,
        phone,
        isNumber,
        sipCallId: body.sip_caller_id,
        client,
        lastPlace: last
          ? {
              name: last.name,
              place_id: last.place_id,
              lat: last.lat,
              long: last.long,
              comment: last.comment,
              bloc: last.bloc,
              scara: last.scara,
              reper: last.reper,
            }
          : null,
      },
      callLog,
    );
    publisher.toCompany(company.id, 'client_call_accepted', {
      sip_caller_id: body.sip_caller_id,
      phone,
      order_id: order.id,
      dispatcher_id: auth.userId,
    });
    return order;
  }

  /**
   * PATCH /api/calls/cancel (and its trailing-slash variant). A refused or failed
   * cancel is logged with its context — the original product posted it to a chat webhook; we keep
   * it in the server's log, without the full number.
   */
  async function end(
    auth: AuthContext,
    body: { phone_number: string; sip_caller_id?: string | undefined },
    reasonText: string,
  ): Promise<Order> {
    const context = {
      dispatcher_id: auth.userId,
      phone: maskPhones(body.phone_number),
      sip_caller_id: body.sip_caller_id,
      reason_text: reasonText,
    };
    try {
      const companies = await deps.callerCompanies(auth);
      const order = await writes.end(
        auth,
        companies.map((c) => c.id),
        body.phone_number,
        body.sip_caller_id,
        reasonText,
      );
      log.info({ ...context, order_id: order.id, order_state: order.state }, 'call ended');
      return order;
    } catch (error) {
      if (error instanceof AppError)
        log.warn({ ...context, refusal: error.message }, 'call cancel refused');
      else log.error({ ...context, err: error }, 'call cancel failed');
      throw error;
    }
  }

  /** The pending-calls bar's lookup: who is calling (docs/CALLS.md). */
  async function caller(auth: AuthContext, rawPhone: string): Promise<CallerInfo> {
    const company = await lineCompany(auth);
    const phone = normalizePhone(rawPhone);
    if (!phone)
      return {
        phone: rawPhone,
        client_id: null,
        name: null,
        last_address: null,
        orders_count: 0,
        blocked: false,
        blocked_reason: null,
      };
    return { phone, ...(await repo.callerInfo(db, company.id, phone)) };
  }

  /** The logged user's softphone settings and short-lived credential. */
  async function sipSettings(auth: AuthContext): Promise<SipSettings> {
    const [meta, companies] = await Promise.all([
      findUserMeta(db, auth.userId, true),
      deps.callerCompanies(auth),
    ]);
    const company = lineCompanyOf(companies);
    return sipSettingsFor(
      {
        name: auth.userName,
        companyId: company?.id ?? null,
        meta: new Map(meta.flatMap((m) => (m.value === null ? [] : [[m.key, m.value]]))),
      },
      deps.config,
      now(),
    );
  }

  async function missed(auth: AuthContext): Promise<MissedCall[]> {
    return repo.listUnhandledMissed(db, (await lineCompany(auth)).id);
  }

  /** The dispatcher calls a missed number back: handled, by them (idempotent). */
  async function handled(auth: AuthContext, id: number): Promise<MissedCall> {
    const company = await lineCompany(auth);
    const marked = await repo.markMissedHandled(db, [company.id], id, {
      id: auth.userId,
      name: auth.userName,
    });
    const row = marked === undefined ? undefined : await repo.findMissedCall(db, marked);
    if (!row) throw notFound('resource');
    await tellMissed(company.id);
    return row;
  }

  /**
   * The PBX's report of a call nobody answered (pbx/kamailio.cfg failure_route). A line that
   * names no company, or a call already known, is logged and ignored: the PBX does not retry.
   */
  async function pbxMissed(body: z.output<typeof PbxMissedCallBodySchema>): Promise<void> {
    const companyId = companyOfSipUser(body.to);
    const [company] = companyId === null ? [] : await findCompanies(db, [companyId]);
    const context = { to: body.to, code: body.code, phone: maskPhones(body.from) };
    if (!company) {
      log.warn(context, 'missed call for an unknown line ignored');
      return;
    }
    const kept = await repo.insertMissedCall(db, {
      company_id: company.id,
      sip_call_id: body.sip_call_id,
      phone: callerNumber(body.from),
      code: body.code,
    });
    log.info({ ...context, kept }, 'missed call');
    if (kept) await tellMissed(company.id);
  }

  /**
   * The PBX saw a call end (a BYE through it). The side that is the company's own SIP user (its
   * line, or an operator's address on a callback) is the dispatcher; the other is the client
   * (reason texts). Whatever no live call matches is ignored: the softphone ended it.
   */
  async function pbxEnded(body: z.output<typeof PbxCallEndedBodySchema>): Promise<void> {
    const fromCompany = companyOfSipUser(body.from);
    const companyId = fromCompany ?? companyOfSipUser(body.to);
    if (companyId === null) return;
    const reason = fromCompany !== null ? DISPATCHER_FINISHED_CALL : CLIENT_FINISHED_CALL;
    const order = await writes.endedAtPbx([companyId], body.sip_call_id, reason);
    if (order)
      log.info(
        { order_id: order.id, order_state: order.state, reason_text: reason },
        'call ended at the PBX',
      );
  }

  return { accept, end, caller, sipSettings, missed, handled, pbxMissed, pbxEnded };
}

export type CallsService = ReturnType<typeof createCallsService>;

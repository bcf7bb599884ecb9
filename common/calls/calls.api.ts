import { z } from 'zod';
import { defineEndpoint } from '../http/define-endpoint';
import { idParam } from '../http/fields';
import { OrderSchema } from '../orders/orders.schema';
import {
  AcceptCallBodySchema,
  CallerInfoSchema,
  CallerQuerySchema,
  CancelCallBodySchema,
  HangUpBodySchema,
  MissedCallSchema,
  PbxCallEndedBodySchema,
  PbxMissedCallBodySchema,
  SipSettingsSchema,
  TelephonySettingsBodySchema,
  TelephonySettingsSchema,
} from './calls.schema';

/**
 * Calls: an answered call becomes its order, once per SIP call (docs/CALLS.md). 409
 * when another dispatcher accepted it first.
 */
export const acceptCall = defineEndpoint({
  method: 'POST',
  path: '/api/calls/accept',
  body: AcceptCallBodySchema,
  response: OrderSchema,
  errors: [409],
});

/** PATCH /api/calls/cancel: the call ended (reason texts). */
export const cancelCall = defineEndpoint({
  method: 'PATCH',
  path: '/api/calls/cancel',
  body: CancelCallBodySchema,
  response: OrderSchema,
  errors: [409],
});

/** The trailing-slash variant, phone only: the dispatcher hung up. */
export const hangUpCall = defineEndpoint({
  method: 'PATCH',
  path: '/api/calls/cancel/',
  body: HangUpBodySchema,
  response: OrderSchema,
  errors: [409],
});

/** PATCH /api/calls/unhold/{orderId}: resume this call, hold the dispatcher's others. */
export const unholdCall = defineEndpoint({
  method: 'PATCH',
  path: '/api/calls/unhold/:orderId',
  params: z.object({ orderId: idParam() }),
  response: OrderSchema,
  errors: [409],
});

/** Ours (docs/CALLS.md): put the call on hold (F1–F9 on the active line). */
export const holdCall = defineEndpoint({
  method: 'PATCH',
  path: '/api/calls/hold/:orderId',
  params: z.object({ orderId: idParam() }),
  response: OrderSchema,
  errors: [409],
});

/** The pending-calls bar's one lookup by phone: who is calling, before answering. */
export const getCaller = defineEndpoint({
  method: 'GET',
  path: '/api/calls/caller',
  query: CallerQuerySchema,
  response: CallerInfoSchema,
});

/** The logged dispatcher's softphone settings and short-lived credential. */
export const getSipSettings = defineEndpoint({
  method: 'GET',
  path: '/api/calls/sip-settings',
  response: SipSettingsSchema,
});

/** The company's missed calls not yet called back, newest first (at most 100). */
export const listMissedCalls = defineEndpoint({
  method: 'GET',
  path: '/api/calls/missed',
  response: z.array(MissedCallSchema),
});

/** The dispatcher calls the number back: the missed call is handled (by them, now). */
export const handleMissedCall = defineEndpoint({
  method: 'PATCH',
  path: '/api/calls/missed/:id/handled',
  params: z.object({ id: idParam() }),
  response: MissedCallSchema,
  errors: [409],
});

/** The PBX reports a call nobody answered (authenticated by X-Pbx-Token, not a session). */
export const pbxMissedCall = defineEndpoint({
  method: 'POST',
  path: '/api/pbx/missed-calls',
  body: PbxMissedCallBodySchema,
  response: z.null(),
  status: 204,
  // A request without the PBX's token.
  errors: [401],
});

/**
 * The PBX saw a call end (pbx/kamailio.cfg, a BYE): the order's call ends even when the
 * operator's browser is gone (a reload, a crash), so no call stays live forever.
 */
export const pbxCallEnded = defineEndpoint({
  method: 'POST',
  path: '/api/pbx/call-ended',
  body: PbxCallEndedBodySchema,
  response: z.null(),
  status: 204,
  errors: [401],
});

const UserParams = z.object({ id: idParam() });

/** An operator's telephony settings (admins; docs/CALLS.md Credentials). */
export const getTelephonySettings = defineEndpoint({
  method: 'GET',
  path: '/api/users/:id/telephony',
  params: UserParams,
  response: TelephonySettingsSchema,
  errors: [409],
});

/** Admins set an operator's extension (or his settings on another PBX). */
export const setTelephonySettings = defineEndpoint({
  method: 'PATCH',
  path: '/api/users/:id/telephony',
  params: UserParams,
  body: TelephonySettingsBodySchema,
  response: TelephonySettingsSchema,
  errors: [409],
});

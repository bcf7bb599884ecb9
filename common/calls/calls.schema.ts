import { z } from 'zod';
import { requiredText, text } from '../http/fields';
import { normalizePhone } from '../lib/phone';

/** A softphone has 15 lines; free lines = 15 − pending calls. */
export const SOFTPHONE_LINES = 15;

/** Reason texts of a call's end. */
export const CLIENT_FINISHED_CALL = 'Client finished call';
export const DISPATCHER_FINISHED_CALL = 'Dispatcher finished call';
/** Toast when the client hangs up (the first letter is the spec's Cyrillic С, verbatim). */
export const CLIENT_HUNG_UP_TOAST = 'Сlientul a încheiat apelul';
/** docs/CALLS.md: another dispatcher accepted this SIP call first. */
export const CALL_TAKEN = 'Apelul a fost preluat de alt operator.';
/** docs/CALLS.md: the PBX reported this call missed (the caller gave up) before the accept. */
export const CALL_GONE = 'Clientul a închis înainte de răspuns.';
/** docs/CALLS.md: the order has no live call of this dispatcher to hold, resume or end. */
export const NO_LIVE_CALL = 'Nu există un apel activ pentru această comandă.';

/** Telephony alerts (the messages are the spec's, in English, verbatim). */
export const SIP_MESSAGES = {
  noMeta: 'User meta not found',
  noUrl: 'Sip URL not set. Calls not available.',
  noPassword: 'Sip password not set. Calls not available.',
  noWebSocket: 'Sip WebSocket not set. Calls not available.',
  disabled: 'SIP is disabled',
} as const;

/** A SIP Call-ID (RFC 3261 `word ["@" word]`): printable, no spaces, bounded. */
export const SipCallIdSchema = requiredText(200).refine((value) => /^[\x21-\x7e]+$/.test(value), {
  message: 'Identificatorul apelului SIP este invalid.',
});

/**
 * The caller as the PBX names them (the From user): a number, normalised, or what a
 * hidden or non-numeric caller sends ('anonymous'), kept as it is — such a call is still
 * answered; its order's phone is left for the dispatcher to type (docs/CALLS.md).
 */
export const callerNumber = (value: string) => normalizePhone(value) ?? value;
export const CallerNumberSchema = requiredText(80, 'Numărul apelantului lipsește.').transform(
  callerNumber,
);

/** POST /api/calls/accept. */
export const AcceptCallBodySchema = z.strictObject({
  phone_number: CallerNumberSchema,
  sip_caller_id: SipCallIdSchema,
});
export type AcceptCallBody = z.input<typeof AcceptCallBodySchema>;

/** PATCH /api/calls/cancel {phone_number, reason_type, reason_text}; the SIP id is ours. */
export const CancelCallBodySchema = z.strictObject({
  phone_number: CallerNumberSchema,
  reason_type: z.literal('call_ended'),
  reason_text: z.enum([CLIENT_FINISHED_CALL, DISPATCHER_FINISHED_CALL]),
  sip_caller_id: SipCallIdSchema.optional(),
});
export type CancelCallBody = z.input<typeof CancelCallBodySchema>;

/** The trailing-slash variant sends the phone only (the dispatcher's hang-up). */
export const HangUpBodySchema = z.strictObject({
  phone_number: CallerNumberSchema,
  sip_caller_id: SipCallIdSchema.optional(),
});

/** Who is calling, before the operator answers (the pending-calls bar; one lookup by phone). */
export const CallerInfoSchema = z.object({
  phone: z.string(),
  client_id: z.number().int().nullable(),
  name: z.string().nullable(),
  last_address: z.string().nullable(),
  orders_count: z.number().int(),
  blocked: z.boolean(),
  blocked_reason: z.string().nullable(),
});
export type CallerInfo = z.infer<typeof CallerInfoSchema>;

export const CallerQuerySchema = z.strictObject({ phone: text(40) });

/**
 * The softphone's settings for the logged user (docs/CALLS.md): a short-lived credential, or
 * why calls are not available (message).
 */
export const SipSettingsSchema = z.discriminatedUnion('available', [
  z.object({
    available: z.literal(true),
    /** sip:<user>@<domain> the softphone registers. */
    uri: z.string(),
    websocket: z.string(),
    authorization_user: z.string(),
    password: z.string(),
    display_name: z.string(),
    /** The company's line (where its callers ring) — for the events list. */
    line: z.string().nullable(),
    /** When the credential stops working (UTC ISO); the softphone renews it before. */
    expires_at: z.string(),
  }),
  z.object({ available: z.literal(false), message: z.string() }),
]);
export type SipSettings = z.infer<typeof SipSettingsSchema>;

/** A call nobody answered (docs/CALLS.md Missed calls). */
export const MissedCallSchema = z.object({
  id: z.number().int(),
  phone: z.string(),
  sip_caller_id: z.string(),
  /** The PBX's final code: 487 the caller gave up, 486 everybody busy, 480 nobody online. */
  code: z.number().int(),
  client_name: z.string().nullable(),
  created_at: z.string(),
  handled_at: z.string().nullable(),
  handled_by: z.string().nullable(),
});
export type MissedCall = z.infer<typeof MissedCallSchema>;

/** The PBX's missed-call hook (pbx/kamailio.cfg; X-Pbx-Token). */
export const PbxMissedCallBodySchema = z.object({
  sip_call_id: SipCallIdSchema,
  from: text(80),
  to: text(80),
  code: z.number().int().min(100).max(699),
});

/** The PBX saw a call end (a BYE through it): who sent it and to whom (SIP users). */
export const PbxCallEndedBodySchema = z.object({
  sip_call_id: SipCallIdSchema,
  from: text(80),
  to: text(80),
});

/** An operator's extension: 2 to 6 digits (docs/CALLS.md: the address c<company>-<ext>). */
export const SIP_EXTENSION_PATTERN = /^[0-9]{2,6}$/;

const optionalSetting = <T extends z.ZodType>(schema: T) => schema.nullable().optional();

/**
 * An operator's telephony settings, as an admin sets them (docs/CALLS.md Credentials): the
 * extension on the project's PBX, or the address, WebSocket and password on another one. null
 * clears a setting; a missing field keeps it.
 */
export const TelephonySettingsBodySchema = z.strictObject({
  sip_extension: optionalSetting(
    z.string().trim().regex(SIP_EXTENSION_PATTERN, 'Extensia are între 2 și 6 cifre.'),
  ),
  sip_url: optionalSetting(
    z
      .string()
      .trim()
      .max(200)
      .regex(
        /^sips?:[^@\s;]+@[A-Za-z0-9.-]+(:[0-9]{1,5})?$/,
        'Adresa SIP are forma sip:101@pbx.exemplu.ro.',
      ),
  ),
  sip_websocket: optionalSetting(
    z
      .string()
      .trim()
      .max(200)
      .regex(/^wss?:\/\/[^\s]+$/, 'Adresa WebSocket începe cu ws:// sau wss://.'),
  ),
  sip_password: optionalSetting(requiredText(128)),
});
export type TelephonySettingsBody = z.input<typeof TelephonySettingsBodySchema>;

/** What the settings screen shows: never the password itself. */
export const TelephonySettingsSchema = z.object({
  sip_extension: z.string().nullable(),
  sip_url: z.string().nullable(),
  sip_websocket: z.string().nullable(),
  has_password: z.boolean(),
  /** The address the softphone registers with the project's PBX (null: none). */
  address: z.string().nullable(),
});
export type TelephonySettings = z.infer<typeof TelephonySettingsSchema>;

/**
 * User meta keys that more than one module reads: the telephony settings write them, the user
 * record must hide the secret one. Kept here so auth needs nothing from calls.
 */

/** User meta keys of the telephony settings (docs/CALLS.md Credentials). */
export const SIP_META = {
  extension: 'sip_extension',
  url: 'sip_url',
  websocket: 'sip_websocket',
  password: 'sip_password',
} as const;

/** The one meta key never sent back with the user (GET /api/user, /api/users/{id}/meta). */
export const SECRET_META_KEYS: readonly string[] = [SIP_META.password];

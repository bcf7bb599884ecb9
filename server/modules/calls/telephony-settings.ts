import type { TelephonySettings, TelephonySettingsBody } from '@common/calls/calls.schema';
import type { Db, DbOrTx } from '../../db/client';
import { conflict, forbidden, notFound, validationFailed } from '../../http/app-error';
import { type AuthContext, scopeOf } from '../../http/auth-context';
import { SIP_META } from '../../lib/user-meta-keys';
import { administers, NOT_YOURS } from '../users/user-authority';
import { operatorUser } from './sip-secrets';
import * as repo from './telephony.repo';

/** docs/CALLS.md: the console users who answer calls. */
const OPERATOR_ROLES = ['dispatcher', 'admin'];
const WEBSOCKET_NOT_ALLOWED =
  'Serverul nu permite această adresă WebSocket (SIP_WS_URL sau SIP_WS_ALLOWED).';

const originOf = (url: string) => (URL.canParse(url) ? new URL(url).origin : url);

export const NOT_AN_OPERATOR = 'Doar dispecerii și administratorii au telefon în consolă.';

/**
 * Admins set an operator's telephony: the
 * extension on the project's PBX — unique within his company, since it is his SIP address
 * there — or his address, WebSocket and password on another PBX (docs/CALLS.md).
 */
export function createTelephonySettings(
  db: Db,
  domain: string,
  /** sip-settings.ts sipWebsocketOrigins: what the browser's CSP lets a softphone open. */
  allowedWebsockets: readonly string[],
) {
  const view = (user: repo.TelephonyUser): TelephonySettings => {
    const extension = user.meta.get(SIP_META.extension) ?? null;
    return {
      sip_extension: extension,
      sip_url: user.meta.get(SIP_META.url) ?? null,
      sip_websocket: user.meta.get(SIP_META.websocket) ?? null,
      has_password: user.meta.has(SIP_META.password),
      address:
        user.meta.get(SIP_META.url) ??
        (extension && user.line_company_id !== null
          ? `sip:${operatorUser(user.line_company_id, extension)}@${domain}`
          : null),
    };
  };

  async function operator(db_: DbOrTx, auth: AuthContext, id: number) {
    const user = await repo.findTelephonyUser(db_, scopeOf(auth), id);
    if (!user) throw notFound('user');
    // His softphone is his account's: whoever may not edit the user may not point it elsewhere.
    if (!administers(auth, user)) throw forbidden(NOT_YOURS);
    if (!user.roles.some((role) => OPERATOR_ROLES.includes(role))) throw conflict(NOT_AN_OPERATOR);
    return user;
  }

  const get = async (auth: AuthContext, id: number) => view(await operator(db, auth, id));

  async function set(auth: AuthContext, id: number, body: TelephonySettingsBody) {
    await db.transaction(async (tx) => {
      const user = await operator(tx, auth, id);
      const websocket = body.sip_websocket?.trim();
      if (websocket && !allowedWebsockets.includes(originOf(websocket)))
        throw validationFailed({ sip_websocket: [WEBSOCKET_NOT_ALLOWED] });
      const extension = body.sip_extension?.trim();
      if (extension) {
        if (user.line_company_id === null)
          throw validationFailed({ sip_extension: ['Utilizatorul nu aparține unei companii.'] });
        const holder = await repo.extensionHolder(tx, user.line_company_id, extension, id);
        if (holder)
          throw validationFailed({
            sip_extension: [`Extensia ${extension} este folosită de ${holder}.`],
          });
      }
      for (const [field, key] of Object.entries(SIP_META) as [keyof typeof SIP_META, string][]) {
        const value = body[`sip_${field}` as keyof TelephonySettingsBody];
        if (value !== undefined) await repo.setMeta(tx, id, key, value?.trim() ?? null);
      }
    });
    return get(auth, id);
  }

  return { get, set };
}

export type TelephonySettingsService = ReturnType<typeof createTelephonySettings>;

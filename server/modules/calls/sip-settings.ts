import { SIP_MESSAGES, type SipSettings } from '@common/calls/calls.schema';
import { SIP_META } from '../../lib/user-meta-keys';
import { companyLine, ephemeralCredential, operatorUser } from './sip-secrets';

export interface SipServerConfig {
  SIP_SECRET: string | undefined;
  SIP_WS_URL: string | undefined;
  SIP_DOMAIN: string;
  SIP_CREDENTIAL_TTL_S: number;
}

interface Operator {
  name: string;
  /** The company whose line the operator answers (the first dispatching one). */
  companyId: number | null;
  meta: ReadonlyMap<string, string>;
}

const unavailable = (message: string): SipSettings => ({ available: false, message });

/** The user part of a `sip:user@host` URI (what a static credential authenticates as). */
const userOf = (uri: string) => /^sips?:([^@;]+)@/.exec(uri)?.[1] ?? null;

/**
 * The softphone's settings (docs/CALLS.md): the address to register, the WebSocket, and a
 * credential — ephemeral from the shared secret, or a per-user password for a PBX without
 * ephemeral credentials — or the message naming the first thing missing (settings, address,
 * password, WebSocket).
 */
export function sipSettingsFor(
  operator: Operator,
  config: SipServerConfig,
  nowMs: number,
): SipSettings {
  const { meta } = operator;
  if (meta.size === 0) return unavailable(SIP_MESSAGES.noMeta);
  const extension = meta.get(SIP_META.extension);
  const uri =
    meta.get(SIP_META.url) ??
    (extension && operator.companyId !== null
      ? `sip:${operatorUser(operator.companyId, extension)}@${config.SIP_DOMAIN}`
      : null);
  const user = uri ? userOf(uri) : null;
  if (!uri || !user) return unavailable(SIP_MESSAGES.noUrl);
  const staticPassword = meta.get(SIP_META.password);
  if (!staticPassword && !config.SIP_SECRET) return unavailable(SIP_MESSAGES.noPassword);
  const websocket = meta.get(SIP_META.websocket) ?? config.SIP_WS_URL;
  if (!websocket) return unavailable(SIP_MESSAGES.noWebSocket);
  const ttlMs = config.SIP_CREDENTIAL_TTL_S * 1000;
  const credential =
    staticPassword !== undefined
      ? { username: user, password: staticPassword, expiresAtMs: nowMs + ttlMs }
      : ephemeralCredential(config.SIP_SECRET ?? '', user, config.SIP_CREDENTIAL_TTL_S, nowMs);
  return {
    available: true,
    uri,
    websocket,
    authorization_user: credential.username,
    password: credential.password,
    display_name: operator.name,
    line: operator.companyId !== null ? companyLine(operator.companyId) : null,
    expires_at: new Date(credential.expiresAtMs).toISOString(),
  };
}

/**
 * The SIP WebSockets' origins a softphone may open: SIP_WS_URL's and
 * SIP_WS_ALLOWED's. The CSP names these only, and an operator's own `sip_websocket` must be one.
 */
export function sipWebsocketOrigins(config: {
  SIP_WS_URL: string | undefined;
  SIP_WS_ALLOWED: readonly string[];
}): string[] {
  const urls = [...(config.SIP_WS_URL ? [config.SIP_WS_URL] : []), ...config.SIP_WS_ALLOWED];
  return [...new Set(urls.map((url) => new URL(url).origin))];
}

import type { AvailableSipSettings } from './credential';
import { adaptJsSipUa } from './jssip-adapter';
import type { UaPort } from './sip-port';

/**
 * A JsSIP user agent for the logged dispatcher. JsSIP is loaded only here, on demand: users
 * without a softphone never download it.
 */
export async function createJsSipUa(settings: AvailableSipSettings): Promise<UaPort> {
  const { UA, WebSocketInterface } = await import('jssip');
  const ua = new UA({
    sockets: [new WebSocketInterface(settings.websocket)],
    uri: settings.uri,
    authorization_user: settings.authorization_user,
    password: settings.password,
    display_name: settings.display_name,
    register: true,
    register_expires: 300,
    // Session-Expires refreshes add UPDATEs nobody needs between a browser and its PBX.
    session_timers: false,
    // The PBX decides when nobody answered (a missed call); JsSIP's own 60 s would cut first.
    no_answer_timeout: 120,
    // Re-registration after network loss without a reload (the issue): JsSIP reconnects the
    // WebSocket every 2–30 s and registers again on its own.
    connection_recovery_min_interval: 2,
    connection_recovery_max_interval: 30,
    user_agent: 'OGO Dispatch',
  });
  return adaptJsSipUa(ua);
}

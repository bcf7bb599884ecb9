import {
  acceptCall,
  cancelCall,
  getCaller,
  getSipSettings,
  getTelephonySettings,
  handleMissedCall,
  hangUpCall,
  holdCall,
  listMissedCalls,
  pbxCallEnded,
  pbxMissedCall,
  setTelephonySettings,
  unholdCall,
} from '@common/calls/calls.api';
import { DISPATCHER_FINISHED_CALL } from '@common/calls/calls.schema';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { unauthenticated } from '../../http/app-error';
import { ADMINISTRATORS } from '../../http/auth-context';
import { type Authenticate, route } from '../../http/route';
import type { OrderWritePath } from '../orders/write/order-write-path';
import type { CallsService } from './calls.service';
import { isPbxHookToken } from './sip-secrets';
import type { TelephonySettingsService } from './telephony-settings';

/** Dispatchers (and admins) answer calls; the operators of the console. */
const OPERATORS = ['admin', 'dispatcher'] as const;

export function callsRoutes(
  app: FastifyInstance,
  authenticate: Authenticate,
  calls: CallsService,
  writes: OrderWritePath['calls'],
  telephony: TelephonySettingsService,
  pbxSecret: string | undefined,
) {
  const access = { roles: OPERATORS };
  route(app, authenticate, acceptCall, access, ({ auth, body }) => calls.accept(auth, body));
  route(app, authenticate, cancelCall, access, ({ auth, body }) =>
    calls.end(auth, body, body.reason_text),
  );
  route(app, authenticate, hangUpCall, access, ({ auth, body }) =>
    calls.end(auth, body, DISPATCHER_FINISHED_CALL),
  );
  route(app, authenticate, holdCall, access, ({ auth, params }) =>
    writes.hold(auth, params.orderId),
  );
  route(app, authenticate, unholdCall, access, ({ auth, params }) =>
    writes.unhold(auth, params.orderId),
  );
  route(app, authenticate, getCaller, access, ({ auth, query }) => calls.caller(auth, query.phone));
  route(app, authenticate, getSipSettings, { roles: 'any' }, ({ auth }) => calls.sipSettings(auth));
  route(app, authenticate, listMissedCalls, access, ({ auth }) => calls.missed(auth));
  route(app, authenticate, handleMissedCall, access, ({ auth, params }) =>
    calls.handled(auth, params.id),
  );
  // Admins set an operator's extension (docs/CALLS.md Credentials).
  route(app, authenticate, getTelephonySettings, { roles: ADMINISTRATORS }, ({ auth, params }) =>
    telephony.get(auth, params.id),
  );
  route(
    app,
    authenticate,
    setTelephonySettings,
    { roles: ADMINISTRATORS },
    ({ auth, params, body }) => telephony.set(auth, params.id, body),
  );
  // The PBX's hooks: no session, the token derived from the shared secret (docs/CALLS.md).
  const fromPbx = (request: FastifyRequest) => {
    const token = request.headers['x-pbx-token'];
    if (!pbxSecret || !isPbxHookToken(pbxSecret, typeof token === 'string' ? token : undefined)) {
      // A forged hook is an attack to notice; the token itself is never logged.
      request.log.warn(
        { ip: request.ip, hook: request.routeOptions.url, hooks_off: !pbxSecret },
        'PBX hook refused: bad or missing X-Pbx-Token',
      );
      throw unauthenticated();
    }
  };
  route(app, authenticate, pbxMissedCall, { public: true }, async ({ body, request }) => {
    fromPbx(request);
    await calls.pbxMissed(body);
    return null;
  });
  route(app, authenticate, pbxCallEnded, { public: true }, async ({ body, request }) => {
    fromPbx(request);
    await calls.pbxEnded(body);
    return null;
  });
}

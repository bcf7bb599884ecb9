import type { Authenticate } from '../http/route';
import { callsRoutes } from '../modules/calls/calls.routes';
import { createCallsService } from '../modules/calls/calls.service';
import { sipWebsocketOrigins } from '../modules/calls/sip-settings';
import { createTelephonySettings } from '../modules/calls/telephony-settings';
import type { Core } from './core';
import type { OrdersArea } from './orders';

/** The call centre: the PBX's hooks, the softphone's calls and their orders, SIP accounts. */
export function wireCalls(
  core: Core,
  authenticate: Authenticate,
  { orderWrites, callerCompanies }: Pick<OrdersArea, 'orderWrites' | 'callerCompanies'>,
) {
  const { app, config, db, publisher } = core;
  callsRoutes(
    app,
    authenticate,
    createCallsService({
      db,
      writes: orderWrites.calls,
      callerCompanies,
      publisher,
      config,
      log: app.log,
    }),
    orderWrites.calls,
    createTelephonySettings(db, config.SIP_DOMAIN, sipWebsocketOrigins(config)),
    config.SIP_SECRET,
  );
}

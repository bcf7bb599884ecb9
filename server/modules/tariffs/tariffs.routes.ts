import {
  createSurcharge,
  createZonePrice,
  deleteSurcharge,
  deleteZonePrice,
  estimateFare,
  getTariffs,
  putCommission,
  putFinanceSettings,
  putTariff,
} from '@common/money/tariffs.api';
import type { FastifyInstance } from 'fastify';
import { ADMINISTRATORS } from '../../http/auth-context';
import { type Authenticate, CONSOLE_ROLES, route } from '../../http/route';
import type { TariffsService } from './tariffs.service';

/** The console reads them (the service keeps them from a protocol client); administrators set them. */
const READ = { roles: CONSOLE_ROLES };
const WRITE = { roles: ADMINISTRATORS };

export function tariffsRoutes(
  app: FastifyInstance,
  authenticate: Authenticate,
  tariffs: TariffsService,
) {
  route(app, authenticate, getTariffs, READ, ({ auth, query }) =>
    tariffs.read(auth, query.company_id),
  );
  route(app, authenticate, putTariff, WRITE, ({ auth, params, query, body }) =>
    tariffs.putTariff(auth, params.service_id, query.company_id, body),
  );
  route(app, authenticate, createSurcharge, WRITE, ({ auth, query, body }) =>
    tariffs.createSurcharge(auth, query.company_id, body),
  );
  route(app, authenticate, deleteSurcharge, WRITE, async ({ auth, params }) => {
    await tariffs.deleteSurcharge(auth, params.id);
    return null;
  });
  route(app, authenticate, createZonePrice, WRITE, ({ auth, query, body }) =>
    tariffs.createZonePrice(auth, query.company_id, body),
  );
  route(app, authenticate, deleteZonePrice, WRITE, async ({ auth, params }) => {
    await tariffs.deleteZonePrice(auth, params.id);
    return null;
  });
  route(app, authenticate, putFinanceSettings, WRITE, ({ auth, query, body }) =>
    tariffs.putSettings(auth, query.company_id, body),
  );
  route(app, authenticate, putCommission, WRITE, ({ auth, params, query, body }) =>
    tariffs.putCommission(auth, params.service_id, query.company_id, body),
  );
  // Whoever places orders: the console, a protocol client for his dispatch company.
  route(app, authenticate, estimateFare, { roles: CONSOLE_ROLES }, ({ auth, body }) =>
    tariffs.estimate(auth, body),
  );
}

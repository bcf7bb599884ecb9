import type { Authenticate } from '../http/route';
import { createActingCompany } from '../modules/companies/acting-company';
import { discountsRoutes } from '../modules/discounts/discounts.routes';
import { createDiscountsService } from '../modules/discounts/discounts.service';
import type { Fleet } from '../modules/drivers/fleet';
import { createIdempotency } from '../modules/idempotency/idempotency.service';
import { ledgerRoutes } from '../modules/ledger/ledger.routes';
import { createLedgerService } from '../modules/ledger/ledger.service';
import { scheduleLedgerCheck } from '../modules/ledger/ledger-check';
import { statementsRoutes } from '../modules/statements/statements.routes';
import { createStatementsService } from '../modules/statements/statements.service';
import { tariffsRoutes } from '../modules/tariffs/tariffs.routes';
import { createTariffsService } from '../modules/tariffs/tariffs.service';
import type { Core } from './core';
import type { OrdersArea } from './orders';

/**
 * Tariffs, discounts, the drivers' ledger and its nightly check, protocol statements
 * (docs/MONEY.md).
 */
export function wireMoney(
  core: Core,
  authenticate: Authenticate,
  {
    fares,
    callerCompanies,
    orderWrites,
  }: Pick<OrdersArea, 'fares' | 'callerCompanies' | 'orderWrites'>,
  fleet: Fleet,
) {
  const { app, db, clock } = core;
  tariffsRoutes(app, authenticate, createTariffsService({ db, fares, callerCompanies }));
  const acting = createActingCompany(db, callerCompanies);
  const ledger = createLedgerService({
    db,
    acting,
    idempotency: createIdempotency(db),
    exportSlots: core.exportSlots,
    published: (seq) => fleet.writes.published(seq),
  });
  ledgerRoutes(app, authenticate, ledger);
  discountsRoutes(
    app,
    authenticate,
    createDiscountsService({ db, callerCompanies, compensate: orderWrites.compensateDiscount }),
  );
  statementsRoutes(app, authenticate, createStatementsService({ db, acting }));
  const stop = scheduleLedgerCheck(db, app.log, clock ?? Date.now);
  app.addHook('onClose', async () => stop());
}

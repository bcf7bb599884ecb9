import {
  createPayout,
  createTopUp,
  createTransfer,
  exportLedgerEntries,
  getMyBalance,
  getMyLedger,
  listDriverBalances,
  listLedgerEntries,
} from '@common/money/ledger.api';
import type { FastifyInstance } from 'fastify';
import { ADMINISTRATORS } from '../../http/auth-context';
import { type Authenticate, CONSOLE_ROLES, route } from '../../http/route';
import { idempotencyKeyOf } from '../idempotency/idempotency.service';
import type { LedgerService } from './ledger.service';

/** The console reads (the service keeps a protocol client out); administrators move money. */
const READ = { roles: CONSOLE_ROLES };
const WRITE = { roles: ADMINISTRATORS };
const DRIVER = { roles: ['driver'] } as const;

export function ledgerRoutes(
  app: FastifyInstance,
  authenticate: Authenticate,
  ledger: LedgerService,
) {
  route(app, authenticate, listDriverBalances, READ, ({ auth, query }) =>
    ledger.balances(auth, query),
  );
  route(app, authenticate, listLedgerEntries, READ, ({ auth, query }) =>
    ledger.entries(auth, query),
  );
  route(app, authenticate, exportLedgerEntries, READ, ({ auth, query }) =>
    ledger.exportEntries(auth, query),
  );
  route(app, authenticate, createTopUp, WRITE, ({ auth, query, body, request }) =>
    ledger.topUp(auth, query.company_id, body, idempotencyKeyOf(request.headers)),
  );
  route(app, authenticate, createPayout, WRITE, ({ auth, query, body, request }) =>
    ledger.payout(auth, query.company_id, body, idempotencyKeyOf(request.headers)),
  );
  route(app, authenticate, createTransfer, WRITE, ({ auth, query, body, request }) =>
    ledger.transfer(auth, query.company_id, body, idempotencyKeyOf(request.headers)),
  );
  route(app, authenticate, getMyBalance, DRIVER, ({ auth }) => ledger.myBalance(auth));
  route(app, authenticate, getMyLedger, DRIVER, ({ auth, query }) => ledger.myLedger(auth, query));
}

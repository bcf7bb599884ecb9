import type { Db } from '../../../db/client';
import type { Idempotency } from '../../idempotency/idempotency.service';
import { createTripPostings } from '../../ledger/trip-postings';
import type { Fares } from '../../tariffs/fare.service';
import type { CallerCompaniesOf } from '../caller-companies';
import { createCallTransitions } from './call-transitions';
import { createDiscountCompensation } from './discount-compensation';
import { createDispatchTransitions } from './dispatch-transitions';
import { createOrderEdits } from './order-edits';
import { createOrderTransitions } from './order-transitions';
import { createWriteSteps, type WriteStepsDeps } from './write-steps';

/**
 * The orders' one write path: every change of an order — the console's
 * today, the dispatch engine's and the telephony's tomorrow — goes through here. Each applies
 * the order state rules, writes in one transaction with its history item and its numbered change
 * (the outbox every node's read model and sockets follow), and answers with the order as this
 * node's lists now show it. Nothing else writes the orders table: biome-plugins/
 * orders-write-path.grit refuses it, and write-path.test.ts checks the sources.
 */
export function createOrderWritePath(
  deps: WriteStepsDeps & {
    idempotency: Idempotency;
    callerCompanies: CallerCompaniesOf;
    /** Prices orders at intake and at the finish; absent, orders are stored without a fare. */
    fares?: Fares;
  },
) {
  const steps = createWriteSteps(deps);
  // A finished trip's money goes to the driver's ledger with the finish (or its correction).
  const trips = deps.fares && createTripPostings();
  return {
    ...createOrderEdits(deps.db, steps, deps.idempotency, deps.callerCompanies, deps.fares),
    ...createOrderTransitions(deps.db, steps, trips),
    /** The engine's and the drivers' changes. */
    dispatch: createDispatchTransitions(deps.db, steps, deps.fares, trips),
    /** The softphone's answered, held and ended calls. */
    calls: createCallTransitions(deps.db, steps),
    /** Paying a driver back his order's discount, with its ledger entry. */
    compensateDiscount: createDiscountCompensation(deps.db, steps),
  };
}

export type OrderWritePath = ReturnType<typeof createOrderWritePath>;

export type { Db };

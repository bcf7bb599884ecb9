import { ALREADY_COMPENSATED } from '@common/money/discounts.schema';
import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { orders } from '../../../db/schema';
import { conflict, notFound } from '../../../http/app-error';
import type { AuthContext, TenantScope } from '../../../http/auth-context';
import { compensatedDiscountSql, compensatesDriver } from '../../discounts/discounts.repo';
import { AlreadyPostedError } from '../../ledger/ledger-postings.repo';
import { postEntries } from '../../ledger/ledger-writes';
import { findOrderRow } from '../orders.repo';
import { createGuardedWrite } from './guarded-write';
import type { WriteSteps } from './write-steps';

export const NOT_FINISHED = 'Reducerea se compensează doar după ce cursa s-a terminat.';
export const NOT_COMPENSATED = 'Reducerea acestei comenzi nu se compensează șoferului.';

/** A finished order of the company, with a driver and a discount its condition pays back. */
const compensable = (companyId: number) =>
  sql`${orders.processed_by_company_id} = ${companyId} and ${orders.state} = 'finished'
    and ${orders.discount_compensated} = false and ${orders.driver_id} is not null
    and ${orders.discount_amount} > 0
    and ${compensatedDiscountSql(sql`${orders.discount_condition_id}`)}`;

/**
 * Paying a driver back his order's discount (docs/MONEY.md "Compensation"), in the orders' one
 * write path: the guarded UPDATE sets `discount_compensated` (two racing requests cannot both
 * pass it), the ledger entry is posted in the same transaction under its once-only key, and
 * after the commit the driver's balance change is published. Answers the entry's id.
 */
export function createDiscountCompensation(db: Db, steps: WriteSteps) {
  const guardedWrite = createGuardedWrite(db, steps);

  return async function compensateDiscount(
    auth: AuthContext,
    companyId: number,
    orderId: number,
  ): Promise<number> {
    const scope: TenantScope = { kind: 'companies', companyIds: [companyId] };
    // Set inside the transaction; read after the commit.
    let posted = undefined as { id: number; driverSeq: number | undefined } | undefined;
    // The once-only key is the ledger's own guard behind the order's: either refuses a second.
    const order = await guardedWrite({
      orderId,
      scope,
      judge: async (tx) => {
        const row = await findOrderRow(tx, scope, orderId);
        if (!row || row.processed_by_company_id !== companyId) throw notFound('order');
        if (row.discount_compensated) throw conflict(ALREADY_COMPENSATED);
        if (row.state !== 'finished' || row.driver_id === null) throw conflict(NOT_FINISHED);
        if (!(row.discount_amount && row.discount_amount > 0)) throw conflict(NOT_COMPENSATED);
        if (!(await compensatesDriver(tx, row.discount_condition_id)))
          throw conflict(NOT_COMPENSATED);
        return row;
      },
      guard: compensable(companyId),
      values: { discount_compensated: true },
      actor: auth,
      historyType: 'discount_compensated',
      within: async (tx, updated) => {
        const { driver_id: driverId, discount_amount: amount } = updated;
        if (driverId === null || amount === null) throw conflict(NOT_COMPENSATED);
        const { posted: entries, driverSeq } = await postEntries(tx, [
          {
            company_id: companyId,
            driver_id: driverId,
            kind: 'discount_compensation',
            amount,
            order_id: orderId,
            created_by: auth.userId,
            posting_key: `discount_compensation:${orderId}`,
          },
        ]);
        const [entry] = entries;
        if (!entry) throw new Error('the compensation was not posted');
        posted = { id: entry.id, driverSeq };
      },
    }).catch((error: unknown) => {
      if (error instanceof AlreadyPostedError) throw conflict(ALREADY_COMPENSATED);
      throw error;
    });
    // The guard refused: a racing request paid it back first.
    if (!order || !posted) throw conflict(ALREADY_COMPENSATED);
    await steps.driverPublished(posted.driverSeq);
    return posted.id;
  };
}

export type CompensateDiscount = ReturnType<typeof createDiscountCompensation>;

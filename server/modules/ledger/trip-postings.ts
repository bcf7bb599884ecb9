import {
  type CommissionRule,
  commissionOn,
  companyCollects,
  finishPostings,
} from '@common/money/commission';
import type { LedgerKind } from '@common/money/ledger.schema';
import type { DbOrTx } from '../../db/client';
import { type NewEntry, orderEntryCount, orderPostings, tripTarget } from './ledger-postings.repo';
import { postEntries } from './ledger-writes';

/** The order as its trip's money is posted: after the finish's (or correction's) own update. */
export interface PostedOrder {
  id: number;
  driver_id: number | null;
  processed_by_company_id: number;
  search_company_ids: number[] | null;
  service_id: number;
  payment_type: string;
  protocol_company_id: number | null;
  cost: number | null;
  discounted_cost: number | null;
}

/** The order's finance_info columns the posting leaves. */
export interface TripMoney {
  /** What the trip moved the driver's balance by (signed bani). */
  driver_payment: number;
  is_paid: boolean;
}

const NO_COMMISSION: CommissionRule = { percent_bp: 0, fixed: 0 };

/**
 * A trip's money in the driver's ledger (docs/MONEY.md "Commission"), inside the orders'
 * write path transaction that finishes or corrects the order, under its row lock: the
 * commission once, and a card or protocol fare the company collected. Each posting has a key, so
 * a replayed finish posts nothing twice.
 */
export function createTripPostings() {
  async function targetOf(tx: DbOrTx, order: PostedOrder & { driver_id: number }) {
    const target = await tripTarget(
      tx,
      order.driver_id,
      [order.processed_by_company_id, ...(order.search_company_ids ?? [])],
      order.service_id,
    );
    const companyId = target.companyId;
    const rule = target.rule ?? NO_COMMISSION;
    const amounts = finishPostings(
      companyCollects(order),
      order.discounted_cost ?? order.cost,
      commissionOn(order.cost, rule),
    );
    return { companyId, amounts };
  }

  const entry = (
    order: PostedOrder & { driver_id: number },
    companyId: number,
    kind: LedgerKind,
    amount: number,
    key: string,
    by: { userId: number | null; note?: string | null },
  ): NewEntry => ({
    company_id: companyId,
    driver_id: order.driver_id,
    kind,
    amount,
    order_id: order.id,
    created_by: by.userId,
    note: by.note ?? null,
    posting_key: key,
  });

  return {
    /**
     * The finish: the commission and, for a fare the company collected, the fare. `announce`
     * false when the transaction already tells the drivers' stream about him (his duty ends).
     */
    async atFinish(
      tx: DbOrTx,
      order: PostedOrder,
      options: { announce: boolean; by?: number | null },
    ): Promise<TripMoney | undefined> {
      if (order.driver_id === null) return undefined;
      const driven = { ...order, driver_id: order.driver_id };
      const { companyId, amounts } = await targetOf(tx, driven);
      const by = { userId: options.by ?? null };
      const entries = [
        entry(
          driven,
          companyId,
          'commission',
          amounts.commission,
          `finish:${order.id}:commission`,
          by,
        ),
        entry(
          driven,
          companyId,
          'trip_payment',
          amounts.trip_payment,
          `finish:${order.id}:trip_payment`,
          by,
        ),
      ].filter((e) => e.amount !== 0);
      await postEntries(tx, entries, { announce: options.announce });
      return { driver_payment: amounts.commission + amounts.trip_payment, is_paid: true };
    },

    /**
     * A corrected fare: what the order's entries add up to is reversed and the trip posted again
     * on the new fare; a correction's keys carry how many entries came before it.
     */
    async atCorrection(
      tx: DbOrTx,
      order: PostedOrder & { driver_id: number },
      by: { userId: number; note?: string | null },
    ): Promise<TripMoney> {
      const { companyId, amounts } = await targetOf(tx, order);
      const before = await orderPostings(tx, companyId, order.id);
      const netOf = (kinds: LedgerKind[]) =>
        before.filter((p) => kinds.includes(p.kind)).reduce((sum, p) => sum + p.total, 0);
      const commissionBefore = netOf(['commission', 'commission_reversal']);
      const paymentBefore = netOf(['trip_payment', 'trip_payment_reversal']);
      const n = await orderEntryCount(tx, order.id);
      const key = (kind: string) => `correction:${order.id}:${n}:${kind}`;
      const entries = [
        entry(
          order,
          companyId,
          'commission_reversal',
          -commissionBefore,
          key('commission_reversal'),
          by,
        ),
        entry(
          order,
          companyId,
          'trip_payment_reversal',
          -paymentBefore,
          key('trip_payment_reversal'),
          by,
        ),
        entry(order, companyId, 'commission', amounts.commission, key('commission'), by),
        entry(order, companyId, 'trip_payment', amounts.trip_payment, key('trip_payment'), by),
      ].filter((e) => e.amount !== 0);
      await postEntries(tx, entries);
      return { driver_payment: amounts.commission + amounts.trip_payment, is_paid: true };
    },
  };
}

export type TripPostings = ReturnType<typeof createTripPostings>;

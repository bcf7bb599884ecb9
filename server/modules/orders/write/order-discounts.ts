import { bucharestDate } from '@common/lib/dates';
import { type DiscountTerms, discountedColumns, discountRefusal } from '@common/money/discount';
import { DISCOUNT_REFUSALS } from '@common/money/discounts.schema';
import type { DbOrTx } from '../../../db/client';
import { validationFailed } from '../../../http/app-error';
import * as discounts from '../../discounts/discounts.repo';
import type { OrderRow } from '../orders.repo';
import { type NewOrderRow, updateOrderWhere } from './order-rows.repo';

/** 'discount' paid without a condition chosen. */
export const DISCOUNT_REQUIRED = 'Alegeți reducerea.';

const ALL = { kind: 'all' } as const;

const refused = (reason: keyof typeof DISCOUNT_REFUSALS) =>
  validationFailed({ discount_condition_id: [DISCOUNT_REFUSALS[reason]] });

/** The ride a use is taken for: the dispatching company's, its client read after the lock. */
export interface DiscountRide {
  companyId: number;
  protocolCompanyId: number | null;
  /** The client's id (null: a new client), read once the condition's row is locked. */
  clientOf: () => Promise<number | null>;
}

/**
 * Takes a use of the condition for the ride, in the order's transaction (docs/MONEY.md
 * "Limits under concurrency"): the UPDATE of the condition's count locks its row, so racing
 * orders pass one at a time and each sees the uses of the ones before; then the client's own
 * uses are counted against his limit. Refuses (422, field discount_condition_id) otherwise.
 * The caller records the use (discount_uses) in the same transaction.
 */
export async function takeDiscount(
  tx: DbOrTx,
  conditionId: number,
  ride: DiscountRide,
): Promise<{ terms: DiscountTerms; clientId: number | null }> {
  const taken = await discounts.takeUse(tx, conditionId, ride.companyId);
  const clientId = await ride.clientOf();
  const condition = taken ?? (await discounts.conditionOf(tx, conditionId, ride.companyId));
  if (!condition) throw refused('unknown');
  const refusal = discountRefusal(condition, {
    today: bucharestDate(new Date()),
    clientId,
    protocolCompanyId: ride.protocolCompanyId,
  });
  if (refusal) throw refused(refusal);
  if (!taken) throw refused('totalSpent');
  if (
    condition.per_client_limit !== null &&
    clientId !== null &&
    (await discounts.clientUses(tx, conditionId, clientId)) >= condition.per_client_limit
  )
    throw refused('clientSpent');
  return { terms: condition, clientId };
}

/** What an order pays without its discount: its protocol company's billing, else cash. */
export const paymentWithout = (order: Pick<OrderRow, 'payment_type' | 'protocol_company_id'>) =>
  order.payment_type !== 'discount'
    ? order.payment_type
    : order.protocol_company_id !== null
      ? 'protocol'
      : 'cash';

/**
 * A canceled order gives its use back, in the cancellation's transaction, and goes on without
 * the discount (so a retried or reassigned order never holds one it has no use of). The one
 * helper every cancellation calls.
 */
export async function releaseDiscount(
  tx: DbOrTx,
  order: Pick<
    OrderRow,
    'id' | 'discount_condition_id' | 'cost' | 'payment_type' | 'protocol_company_id'
  >,
): Promise<void> {
  if (order.discount_condition_id === null) return;
  await discounts.releaseUse(tx, order.id);
  await updateOrderWhere(tx, ALL, order.id, undefined, {
    discount_condition_id: null,
    discount_amount: null,
    discounted_cost: order.cost,
    payment_type: paymentWithout(order),
  });
}

/** A new order's edit as its discount sees it, once its own columns are written. */
export interface DiscountEdit {
  /** The row as it was read before the edit. */
  before: OrderRow;
  /**
   * The row as the edit's UPDATE left it (fare, payment, protocol company), read under its row
   * lock: the condition it holds now, whatever a racing edit did.
   */
  after: OrderRow;
  /** The client it has now (the edit may change the phone). */
  clientId: number | null;
  /** `discount_condition_id` as sent: undefined keeps the one it has. */
  conditionId: number | null | undefined;
  /** `payment_type` as sent. */
  paymentType: string | undefined;
}

/**
 * The condition a new order's edit leaves it with: the one sent; none when the edit pays
 * otherwise (cash, card, protocol) without naming one; else the one it had.
 */
function editedCondition({ after, conditionId, paymentType }: DiscountEdit): number | null {
  if (conditionId !== undefined) return conditionId;
  if (paymentType !== undefined && paymentType !== 'discount') return null;
  return after.discount_condition_id;
}

/**
 * The discount columns after an edit of a new order, in its transaction: a changed condition,
 * client or protocol company gives the old use back and takes the new one (in the conditions'
 * id order, so two edits swapping conditions cannot deadlock); a changed fare is discounted
 * again. Undefined: nothing to change.
 */
export async function editedDiscount(
  tx: DbOrTx,
  edit: DiscountEdit,
): Promise<Partial<NewOrderRow> | undefined> {
  const { before, after } = edit;
  const from = after.discount_condition_id;
  const to = editedCondition(edit);
  if (to === null) {
    if (edit.paymentType === 'discount')
      throw validationFailed({ discount_condition_id: [DISCOUNT_REQUIRED] });
    if (from === null) return undefined;
    await discounts.releaseUse(tx, after.id);
    return {
      discount_condition_id: null,
      discount_amount: null,
      discounted_cost: after.cost,
      payment_type: paymentWithout(after),
    };
  }
  const retake =
    to !== from ||
    edit.clientId !== after.client_id ||
    after.protocol_company_id !== before.protocol_company_id;
  let terms: DiscountTerms | undefined;
  if (retake) {
    const ride = {
      companyId: after.processed_by_company_id,
      protocolCompanyId: after.protocol_company_id,
      clientOf: async () => edit.clientId,
    };
    const releaseFirst = from !== null && from <= to;
    if (releaseFirst) await discounts.releaseUse(tx, after.id);
    const taken = await takeDiscount(tx, to, ride);
    if (from !== null && !releaseFirst) await discounts.releaseUse(tx, after.id);
    await discounts.insertUse(tx, {
      order_id: after.id,
      condition_id: to,
      client_id: taken.clientId,
    });
    terms = taken.terms;
  } else {
    terms = await discounts.termsOf(tx, to);
  }
  return {
    discount_condition_id: to,
    payment_type: 'discount',
    ...discountedColumns(after.cost, terms ?? null),
  };
}

/**
 * The discount columns of a placed order whose payment an edit touched: a placed order keeps
 * its discount (its use is given back only by a cancellation), and may not start paying
 * 'discount' without one.
 */
export function placedOrderPayment(
  before: OrderRow,
  input: { payment_type?: string; protocol_company_id?: number | null },
): Partial<NewOrderRow> | undefined {
  const touched = input.payment_type !== undefined || input.protocol_company_id !== undefined;
  if (before.discount_condition_id !== null)
    return touched ? { payment_type: 'discount' } : undefined;
  if (input.payment_type === 'discount')
    throw validationFailed({ discount_condition_id: [DISCOUNT_REQUIRED] });
  return undefined;
}

import { discountedColumns } from '@common/money/discount';
import type { SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { AppError } from '../../../http/app-error';
import { clientIdByPhone } from '../../discounts/discounts.repo';
import { findKey, type KeyClaim } from '../../idempotency/idempotency.repo';
import { insertNewOrder, type NewOrder } from './new-order.repo';
import { takeDiscount } from './order-discounts';

/** The key is another request's: nothing of this one may stay (its use rolls back). */
class KeyHeld extends Error {}

/**
 * Places an order with a discount: one transaction takes the condition's use (its row lock
 * orders racing orders, order-discounts.ts) and then runs the placing statement, which records
 * the use beside the order. An order without a discount stays one statement with no
 * transaction (new-order.repo.ts says why). Undefined, as `insertNewOrder`, when the
 * Idempotency-Key is another request's, or belongs to one that ran already and whose answer
 * replays (a retry is not refused because the last use went to itself).
 */
export async function placeWithDiscount(
  db: Db,
  conditionId: number,
  order: NewOrder,
  claim: KeyClaim | null,
  startSearches: (rows: SQL) => SQL,
): Promise<{ id: number; client_id: number; seq: number } | undefined> {
  try {
    return await db.transaction(async (tx) => {
      const { terms } = await takeDiscount(tx, conditionId, {
        companyId: order.company_id,
        protocolCompanyId: order.protocol_company_id,
        clientOf: () => clientIdByPhone(tx, order.company_id, order.phone),
      });
      const placed = await insertNewOrder(
        tx,
        {
          ...order,
          payment_type: 'discount',
          discount_condition_id: conditionId,
          ...discountedColumns(order.cost, terms),
        },
        claim,
        startSearches,
      );
      if (!placed) throw new KeyHeld();
      return placed;
    });
  } catch (error) {
    if (error instanceof KeyHeld) return undefined;
    if (claim && error instanceof AppError && (await findKey(db, claim.user_id, claim.key)))
      return undefined;
    throw error;
  }
}

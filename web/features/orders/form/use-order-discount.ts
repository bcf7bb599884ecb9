import type { DiscountCondition } from '@common/money/discounts.schema';
import { useEffect, useRef } from 'react';
import { completePhone, useClientLookup } from '../../clients';
import { useApplicableDiscounts } from '../../discounts';
import type { OrderDraft } from './order-form';

type Caller = Pick<
  OrderDraft,
  'phone' | 'payment_type' | 'protocol_company_id' | 'discount_condition_id'
>;

/**
 * The discounts the form may offer this caller now (GET /api/discounts/applicable): by the
 * client once the typed number names one, else by the number; with the protocol company of a
 * protocol ride. Asked again when any of them changes; a chosen one the new answer no longer
 * lists is dropped (`onDrop`), so the form never sends what the server would refuse.
 */
export function useOrderDiscount(
  draft: Caller,
  enabled: boolean,
  onDrop: () => void,
): { choices: DiscountCondition[]; chosen: DiscountCondition | null } {
  const whole = enabled ? completePhone(draft.phone) : null;
  const lookup = useClientLookup(whole);
  const clientId = lookup.data?.client?.id;
  const protocol =
    draft.payment_type === 'protocol' && draft.protocol_company_id !== null
      ? { protocol_company_id: draft.protocol_company_id }
      : {};
  // Asked once the lookup has answered, so a known client is asked for by his id only.
  const query =
    whole === null || lookup.isPending
      ? null
      : clientId !== undefined
        ? { client_id: clientId, ...protocol }
        : { phone: whole, ...protocol };
  const list = useApplicableDiscounts(query);
  const choices = query !== null ? (list.data?.data ?? []) : [];
  const chosenId = draft.discount_condition_id;
  const chosen = choices.find((c) => c.id === chosenId) ?? null;
  const stale = chosenId !== null && list.isSuccess && query !== null && chosen === null;

  const drop = useRef(onDrop);
  drop.current = onDrop;
  useEffect(() => {
    if (stale) drop.current();
  }, [stale]);

  return { choices, chosen };
}

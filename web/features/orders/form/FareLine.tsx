import { discountedColumns } from '@common/money/discount';
import type { DiscountCondition } from '@common/money/discounts.schema';
import { Group, Text, TextInput } from '@mantine/core';
import { fareEstimateText, fixedPriceText } from './fare-line';
import { fixedPriceOf, type OrderDraft } from './order-form';
import { useFareEstimate } from './use-fare-estimate';

interface FareLineProps {
  draft: OrderDraft;
  error: string | undefined;
  disabled?: boolean;
  /** The chosen discount: the line also says what the client pays. */
  discount?: Pick<DiscountCondition, 'kind' | 'value' | 'max_amount'> | null;
  onFixedPrice: (text: string) => void;
}

/**
 * One row under an order being placed: 'Preț fix' (the operator's price, sent as `cost`) and the
 * tariff's estimate, or the fixed price when one is typed, and with a chosen discount what the
 * client pays (`discountedColumns`, the server's rule). Nothing when there is neither.
 */
export function FareLine({
  draft,
  error,
  disabled = false,
  discount = null,
  onFixedPrice,
}: FareLineProps) {
  const fixed = fixedPriceOf(draft);
  const estimate = useFareEstimate(draft, !disabled && fixed === null);
  const cost = fixed?.ok ? fixed.bani : fixed === null ? (estimate?.cost ?? null) : null;
  const discounted = discount ? discountedColumns(cost, discount).discounted_cost : null;
  const text = fixed?.ok
    ? fixedPriceText(fixed.bani, discounted)
    : estimate && fixed === null
      ? fareEstimateText(estimate, discounted)
      : null;

  return (
    <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
      <TextInput
        size="xs"
        w={96}
        placeholder="Preț fix"
        aria-label="Preț fix (RON)"
        inputMode="decimal"
        value={draft.fixed_price}
        disabled={disabled}
        error={error ? true : undefined}
        title={error}
        rightSection={<span style={{ fontSize: 11, opacity: 0.6 }}>RON</span>}
        rightSectionWidth={34}
        onChange={(event) => onFixedPrice(event.currentTarget.value)}
        data-testid="fixed-price"
      />
      {error ? (
        <Text size="xs" c="red" truncate="end" data-testid="fixed-price-error">
          {error}
        </Text>
      ) : (
        text && (
          <Text
            size="xs"
            truncate="end"
            title={text}
            data-testid="fare-estimate"
            data-cost={cost ?? undefined}
            data-discounted={discounted ?? undefined}
            data-source={fixed?.ok ? 'fixed' : estimate?.source}
          >
            {text}
          </Text>
        )
      )}
    </Group>
  );
}

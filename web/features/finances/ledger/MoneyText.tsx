import { formatRon } from '@common/lib/money';
import { Text, type TextProps } from '@mantine/core';

const NUMERALS = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

/** A balance: red below zero (the driver owes the company). */
export function BalanceText({
  bani,
  testId,
  ...props
}: { bani: number; testId?: string } & TextProps) {
  return (
    <Text
      size="sm"
      span
      c={bani < 0 ? 'red.7' : undefined}
      style={NUMERALS}
      data-testid={testId}
      {...props}
    >
      {formatRon(bani)}
    </Text>
  );
}

/** An entry's amount with its sign: + green (owed to the driver), - red (owed by him). */
export function SignedAmount({ bani, testId }: { bani: number; testId?: string }) {
  return (
    <Text
      size="sm"
      span
      fw={500}
      c={bani < 0 ? 'red.7' : bani > 0 ? 'green.8' : undefined}
      style={NUMERALS}
      data-testid={testId}
    >
      {bani > 0 ? `+${formatRon(bani)}` : formatRon(bani)}
    </Text>
  );
}

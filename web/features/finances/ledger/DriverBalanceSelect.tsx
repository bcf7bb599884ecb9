import type { DriverBalance } from '@common/money/ledger.schema';
import { Group, Select, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useMemo, useState } from 'react';
import { USER_SEARCH_DEBOUNCE_MS } from '../../drivers';
import { ledgerDriverLabel } from './driver-label';
import { BalanceText } from './MoneyText';
import { useDriverBalances } from './use-ledger';

interface DriverBalanceSelectProps {
  value: number | null;
  /** The driver's row comes along when a search listed him. */
  onChange: (driverId: number | null, driver: DriverBalance | null) => void;
  label: string;
  /** The chosen driver's words when no search lists him (a driver named by the URL). */
  knownLabel?: string;
  error?: string;
  disabled?: boolean;
  w?: number;
  size?: 'xs' | 'sm';
  testId: string;
}

type Option = { value: string; label: string };

/**
 * A driver of the company, searched by call sign or name among the balances
 * (GET /api/driver-balances?search=): whoever reads the ledger may search there, and each
 * option carries the driver's balance.
 */
export function DriverBalanceSelect({
  value,
  onChange,
  label,
  knownLabel,
  error,
  disabled,
  w,
  size = 'sm',
  testId,
}: DriverBalanceSelectProps) {
  const [search, setSearch] = useState('');
  const [picked, setPicked] = useState<Option | null>(null);
  const [debounced] = useDebouncedValue(search.trim(), USER_SEARCH_DEBOUNCE_MS);
  const chosen = useMemo<Option | null>(
    () =>
      picked && picked.value === String(value)
        ? picked
        : value !== null && knownLabel
          ? { value: String(value), label: knownLabel }
          : null,
    [picked, value, knownLabel],
  );
  // The box shows the chosen driver's label: that is no search text.
  const searching = debounced !== '' && debounced !== chosen?.label ? debounced : undefined;
  const list = useDriverBalances({ search: searching, per_page: 30 }, !disabled);
  const rows = list.data?.data;
  const byId = useMemo(() => new Map((rows ?? []).map((row) => [row.driver_id, row])), [rows]);

  const options = useMemo(() => {
    const found: Option[] = (rows ?? []).map((row) => ({
      value: String(row.driver_id),
      label: ledgerDriverLabel(row),
    }));
    if (chosen && !found.some((o) => o.value === chosen.value)) found.unshift(chosen);
    return found;
  }, [rows, chosen]);

  return (
    <Select
      label={label}
      size={size}
      w={w}
      placeholder="Indicativ sau nume"
      searchable
      clearable
      selectFirstOptionOnChange
      disabled={disabled}
      data={options}
      value={value === null ? null : String(value)}
      onSearchChange={setSearch}
      // The server already filtered by the search text.
      filter={({ options: all }) => all}
      nothingFoundMessage={list.isFetching ? 'Se caută…' : 'Niciun șofer găsit'}
      renderOption={({ option }) => {
        const row = byId.get(Number(option.value));
        return (
          <Group justify="space-between" wrap="nowrap" w="100%" gap="sm">
            <Text size="sm">{option.label}</Text>
            {row && <BalanceText bani={row.balance} size="xs" />}
          </Group>
        );
      }}
      error={error}
      comboboxProps={{ withinPortal: false }}
      data-testid={testId}
      onChange={(next, option) => {
        setPicked(next === null || !option ? null : { value: option.value, label: option.label });
        const id = next === null ? null : Number(next);
        onChange(id, id === null ? null : (byId.get(id) ?? null));
      }}
    />
  );
}

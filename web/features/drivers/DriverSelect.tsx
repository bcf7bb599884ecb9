import type { User } from '@common/users/users.schema';
import { Select } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useDriverSearch } from './use-driver-search';

interface DriverSelectProps {
  value: number | null;
  onChange: (driverId: number | null, driver: User | null) => void;
  label?: string;
  error?: string | null;
  autoFocus?: boolean;
  testId?: string;
}

export const driverLabel = (driver: Pick<User, 'name' | 'default_car' | 'identifier'>) => {
  const callSign = driver.default_car?.indicativ ?? driver.identifier;
  return callSign ? `${callSign} · ${driver.name}` : driver.name;
};

/** A driver picker searching the server (call sign or name, debounced 500 ms, SPEC §9). */
export function DriverSelect({
  value,
  onChange,
  label = 'Șofer',
  error,
  autoFocus,
  testId = 'driver-select',
}: DriverSelectProps) {
  const [search, setSearch] = useState('');
  const { data, isFetching } = useDriverSearch(search);
  const drivers = data?.data ?? [];
  const options = useMemo(
    () => drivers.map((driver) => ({ value: String(driver.id), label: driverLabel(driver) })),
    [drivers],
  );

  return (
    <Select
      label={label}
      placeholder="Indicativ sau nume"
      searchable
      clearable
      autoFocus={autoFocus}
      data={options}
      value={value === null ? null : String(value)}
      searchValue={search}
      onSearchChange={setSearch}
      // The server already filtered by the search text.
      filter={({ options: all }) => all}
      nothingFoundMessage={isFetching ? 'Se caută…' : 'Niciun șofer găsit'}
      error={error ?? undefined}
      data-testid={testId}
      comboboxProps={{ withinPortal: false }}
      onChange={(next) => {
        const id = next === null ? null : Number(next);
        onChange(id, drivers.find((d) => d.id === id) ?? null);
      }}
    />
  );
}

import type { User } from '@common/users/users.schema';
import { Select } from '@mantine/core';
import { type KeyboardEvent, useEffect, useMemo, useState } from 'react';
import { callSignOf } from './map-search-message';
import { useDriverSearch } from './use-driver-search';

interface DriverSelectProps {
  value: number | null;
  onChange: (driverId: number | null, driver: User | null) => void;
  label?: string;
  error?: string | null;
  /** Focused on mount, and by a modal's focus trap (Mantine's data-autofocus). */
  autoFocus?: boolean;
  testId?: string;
}

export const driverLabel = (driver: Pick<User, 'name' | 'default_car' | 'identifier'>) => {
  const callSign = callSignOf(driver);
  return callSign ? `${callSign} · ${driver.name}` : driver.name;
};

/**
 * A driver picker searching the server (call sign or name, debounced 500 ms). Enter
 * picks the single match (keyboard flows): at once when the answer for the typed text
 * is in, else as soon as it arrives, so a dispatcher may type a call sign and Enter without
 * waiting for the list.
 */
export function DriverSelect({
  value,
  onChange,
  label = 'Șofer',
  error,
  autoFocus,
  testId = 'driver-select',
}: DriverSelectProps) {
  const [search, setSearch] = useState('');
  const [opened, setOpened] = useState(false);
  /** The text an Enter was pressed on before its answer came in. */
  const [enterOn, setEnterOn] = useState<string | null>(null);
  /** The label of the driver picked here: the box shows it, and it is no search text. */
  const [chosenLabel, setChosenLabel] = useState<string | null>(null);
  const showsChosen = value !== null && search === chosenLabel;
  const { drivers, isFetching, answered } = useDriverSearch(showsChosen ? '' : search);
  const options = useMemo(
    () => drivers.map((driver) => ({ value: String(driver.id), label: driverLabel(driver) })),
    [drivers],
  );

  const choose = (id: number | null, driver: User | null) => {
    setChosenLabel(driver ? driverLabel(driver) : null);
    onChange(id, driver);
  };

  const pickSingle = (found: User[]) => {
    const [only] = found;
    if (found.length !== 1 || !only) return;
    choose(only.id, only);
    setOpened(false);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter' || event.nativeEvent.isComposing) return;
    const text = search.trim();
    // Nothing typed, or the chosen driver shown: Enter is the page's (a form submits).
    if (text === '' || showsChosen) return;
    event.preventDefault();
    if (answered === text) pickSingle(drivers);
    else setEnterOn(text);
  };

  // An Enter that came before its answer: picks when the answer for that text is in, unless
  // the dispatcher typed on.
  useEffect(() => {
    if (enterOn === null) return;
    if (search.trim() !== enterOn) setEnterOn(null);
    else if (answered === enterOn) {
      setEnterOn(null);
      pickSingle(drivers);
    }
  });

  return (
    <Select
      label={label}
      placeholder="Indicativ sau nume"
      searchable
      clearable
      autoFocus={autoFocus}
      data-autofocus={autoFocus || undefined}
      data={options}
      value={value === null ? null : String(value)}
      searchValue={search}
      onSearchChange={setSearch}
      dropdownOpened={opened}
      onDropdownOpen={() => setOpened(true)}
      onDropdownClose={() => setOpened(false)}
      onKeyDown={onKeyDown}
      // The server already filtered by the search text.
      filter={({ options: all }) => all}
      nothingFoundMessage={isFetching ? 'Se caută…' : 'Niciun șofer găsit'}
      error={error ?? undefined}
      data-testid={testId}
      comboboxProps={{ withinPortal: false }}
      onChange={(next) => {
        const id = next === null ? null : Number(next);
        choose(id, drivers.find((d) => d.id === id) ?? null);
      }}
    />
  );
}

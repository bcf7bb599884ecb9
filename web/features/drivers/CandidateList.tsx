import type { CandidateDriver } from '@common/drivers/candidates.schema';
import { Badge, Box, ScrollArea, Text, TextInput } from '@mantine/core';
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { CANDIDATE_STATE_LABELS, distanceText, UNAVAILABLE } from './candidate-labels';
import { useCandidateDrivers } from './use-candidate-drivers';

interface CandidateListProps {
  orderId: number;
  label: string;
  /** The picked driver. */
  value: number | null;
  onPick: (driverId: number) => void;
  /** Enter on the picked driver: the modal's submit. */
  onConfirm: () => void;
  error?: string | null;
  testId: string;
}

const ROW_COLUMNS = '56px minmax(0, 1fr) 84px 64px';

/**
 * The order's drivers, one line each: call sign, name, state and distance to the pickup,
 * the nearest free first and the ones who cannot drive now dimmed at the end. Typing filters
 * by call sign or name; the arrows move, Enter picks, and Enter on the picked driver confirms.
 */
export function CandidateList({
  orderId,
  label,
  value,
  onPick,
  onConfirm,
  error,
  testId,
}: CandidateListProps) {
  const [search, setSearch] = useState('');
  const [active, setActive] = useState(0);
  const { drivers, isPending, isError } = useCandidateDrivers(orderId, search);
  const listId = useId();
  const rows = useRef<HTMLDivElement>(null);
  const current = drivers[Math.min(active, drivers.length - 1)];

  // The active row stays in sight as the arrows move it.
  useEffect(() => {
    if (current === undefined) return;
    const row = rows.current?.querySelector(`[data-driver-id="${current.id}"]`);
    if (row instanceof HTMLElement) row.scrollIntoView?.({ block: 'nearest' });
  }, [current]);

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.nativeEvent.isComposing) return;
    const last = drivers.length - 1;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const from = Math.min(active, last);
      setActive(Math.max(0, Math.min(last, from + (event.key === 'ArrowDown' ? 1 : -1))));
    } else if (event.key === 'Enter') {
      event.preventDefault();
      if (current === undefined) return;
      if (current.id === value) onConfirm();
      else onPick(current.id);
    }
  };

  const empty = isPending
    ? 'Se încarcă…'
    : isError
      ? 'Șoferii nu au putut fi citiți.'
      : drivers.length === 0
        ? 'Niciun șofer găsit'
        : null;

  return (
    <Box>
      <TextInput
        label={label}
        placeholder="Indicativ sau nume"
        description="↑ ↓ mută · Enter alege · Enter din nou confirmă"
        autoFocus
        data-autofocus
        value={search}
        onChange={(event) => {
          setSearch(event.currentTarget.value);
          setActive(0);
        }}
        onKeyDown={onKeyDown}
        error={error ?? undefined}
        role="combobox"
        aria-expanded
        aria-controls={listId}
        aria-activedescendant={current ? `${listId}-${current.id}` : undefined}
        data-testid={testId}
      />
      <ScrollArea.Autosize mah={360} mt={6} type="auto" offsetScrollbars="y">
        <div
          ref={rows}
          id={listId}
          role="listbox"
          aria-label={label}
          data-testid={`${testId}-list`}
          data-count={isPending ? undefined : drivers.length}
        >
          {empty ? (
            <Text size="sm" c="dimmed" px={8} py={4} data-testid={`${testId}-empty`}>
              {empty}
            </Text>
          ) : (
            drivers.map((driver) => (
              <CandidateRow
                key={driver.id}
                id={`${listId}-${driver.id}`}
                driver={driver}
                active={driver.id === current?.id}
                picked={driver.id === value}
                onPick={() => {
                  setActive(drivers.indexOf(driver));
                  onPick(driver.id);
                }}
              />
            ))
          )}
        </div>
      </ScrollArea.Autosize>
    </Box>
  );
}

function CandidateRow(props: {
  id: string;
  driver: CandidateDriver;
  active: boolean;
  picked: boolean;
  onPick: () => void;
}) {
  const { driver, active, picked } = props;
  const state = CANDIDATE_STATE_LABELS[driver.state];
  const unavailable = UNAVAILABLE.has(driver.state);
  return (
    // Picked by a click; the keyboard works from the search field (aria-activedescendant).
    // biome-ignore lint/a11y/useKeyWithClickEvents: the search field holds the keyboard
    <div
      id={props.id}
      role="option"
      aria-selected={picked}
      tabIndex={-1}
      onClick={props.onPick}
      data-testid="candidate-row"
      data-driver-id={driver.id}
      data-state={driver.state}
      data-active={active || undefined}
      style={{
        display: 'grid',
        gridTemplateColumns: ROW_COLUMNS,
        alignItems: 'center',
        gap: 8,
        padding: '3px 8px',
        borderRadius: 4,
        cursor: 'pointer',
        fontSize: 13,
        lineHeight: '20px',
        background: picked
          ? 'var(--mantine-color-blue-light)'
          : active
            ? 'var(--mantine-color-gray-1)'
            : undefined,
        outline: active ? '1px solid var(--mantine-color-blue-4)' : undefined,
        color: unavailable ? 'var(--mantine-color-dimmed)' : undefined,
      }}
    >
      <Text span fw={700} size="sm" c={unavailable ? 'dimmed' : undefined} truncate>
        {driver.indicativ ?? '—'}
      </Text>
      <Text span size="sm" truncate c={unavailable ? 'dimmed' : undefined}>
        {driver.name}
      </Text>
      <Badge
        size="xs"
        radius="sm"
        tt="none"
        variant={driver.state === 'offline' ? 'outline' : 'light'}
        color={state.color}
        fullWidth
      >
        {state.label}
      </Badge>
      <Text span size="sm" ta="right" c={unavailable ? 'dimmed' : undefined}>
        {distanceText(driver.distance_km)}
      </Text>
    </div>
  );
}

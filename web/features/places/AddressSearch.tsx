import type { PlaceDetails, Prediction } from '@common/places/places.schema';
import { Box, Loader, Paper, Text, TextInput, UnstyledButton } from '@mantine/core';
import { useMergedRef } from '@mantine/hooks';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { toastApiError } from '../../lib/toast';
import type { MapCenter } from '../../map/company-center';
import {
  isSearchable,
  newSessionToken,
  resolvePrediction,
  usePlaceSearch,
} from './use-place-search';

interface AddressSearchProps {
  label: ReactNode;
  /** The address text (the place's name). */
  value: string;
  center: MapCenter;
  error?: string | null;
  disabled?: boolean;
  placeholder?: string;
  autoFocus?: boolean;
  testId: string;
  /** Typing: the text changed and the coordinates are no longer known. */
  onTextChange: (text: string) => void;
  /** A prediction was picked and resolved to coordinates. */
  onPick: (place: PlaceDetails) => void;
  /**
   * Placing is blocked while an address dropdown is open or a request is in progress;
   * true while the list is open or a picked prediction is being resolved.
   */
  onBlockingChange?: (blocking: boolean) => void;
  inputRef?: React.Ref<HTMLInputElement>;
  rightSection?: ReactNode;
}

/**
 * Address search: after 3 characters, debounced 500 ms, a list of predictions
 * navigable with ↑/↓, Enter to pick, Escape to close. Picking resolves the coordinates
 * (place details, or the internal place's own, with bloc/scara/reper).
 */
export function AddressSearch(props: AddressSearchProps) {
  const { value, center, onTextChange, onPick, onBlockingChange } = props;
  const listId = useId();
  const [focused, setFocused] = useState(false);
  const [typing, setTyping] = useState(false);
  const [dismissed, setDismissed] = useState(false);
  const [highlighted, setHighlighted] = useState(0);
  const [resolving, setResolving] = useState(false);
  const sessionToken = useRef(newSessionToken());
  const blurTimer = useRef<number | undefined>(undefined);
  const input = useRef<HTMLInputElement>(null);
  const inputRef = useMergedRef(input, props.inputRef);
  // Focused when it appears, unless the user is already elsewhere: a dialog opened while the
  // form was still loading keeps its focus (typing there must not land in the address).
  const focusOnMount = useRef(props.autoFocus === true);
  useEffect(() => {
    const active = document.activeElement;
    if (focusOnMount.current && (active === null || active === document.body)) {
      input.current?.focus();
    }
  }, []);

  const search = usePlaceSearch(value, center, sessionToken.current, typing);
  const predictions = search.data ?? [];
  const open =
    focused &&
    typing &&
    !dismissed &&
    isSearchable(value) &&
    (search.isFetching || search.data !== undefined);

  useEffect(() => {
    const blocking = open || resolving;
    onBlockingChange?.(blocking);
    // Withdrawn when it ends, unmounting included: a field removed while its list is open (its
    // blur timer cleared with it) must not leave placing blocked for good.
    return blocking ? () => onBlockingChange?.(false) : undefined;
  }, [open, resolving, onBlockingChange]);

  // A pick still resolving when the field goes (its place removed) lands nowhere.
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      window.clearTimeout(blurTimer.current);
    };
  }, []);

  // A new list starts at its first entry.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when the list changes.
  useEffect(() => setHighlighted(0), [search.data]);

  const pick = async (prediction: Prediction) => {
    setTyping(false);
    setResolving(true);
    try {
      const place = await resolvePrediction(prediction, sessionToken.current);
      if (!mounted.current) return;
      onPick(place);
      sessionToken.current = newSessionToken();
    } catch (error) {
      toastApiError(error);
    } finally {
      setResolving(false);
    }
  };

  return (
    <Box pos="relative">
      <TextInput
        ref={inputRef}
        label={props.label}
        placeholder={props.placeholder ?? 'Caută adresa (min. 3 caractere)'}
        value={value}
        error={props.error ?? undefined}
        disabled={props.disabled}
        autoComplete="off"
        role="combobox"
        aria-expanded={open}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={
          open && predictions[highlighted] ? `${listId}-${highlighted}` : undefined
        }
        data-testid={props.testId}
        rightSection={resolving || search.isFetching ? <Loader size={14} /> : props.rightSection}
        onFocus={() => {
          window.clearTimeout(blurTimer.current);
          setFocused(true);
        }}
        // Let a click on an entry land before the list closes.
        onBlur={() => {
          blurTimer.current = window.setTimeout(() => setFocused(false), 150);
        }}
        onChange={(event) => {
          setTyping(true);
          setDismissed(false);
          onTextChange(event.currentTarget.value);
        }}
        onKeyDown={(event) => {
          if (!open) return;
          if (event.key === 'ArrowDown') {
            event.preventDefault();
            setHighlighted((i) => Math.min(i + 1, Math.max(0, predictions.length - 1)));
          } else if (event.key === 'ArrowUp') {
            event.preventDefault();
            setHighlighted((i) => Math.max(i - 1, 0));
          } else if (event.key === 'Enter' && !event.ctrlKey && !event.metaKey) {
            const chosen = predictions[highlighted];
            event.preventDefault();
            event.stopPropagation();
            if (chosen) void pick(chosen);
          } else if (event.key === 'Escape') {
            event.preventDefault();
            event.stopPropagation();
            setDismissed(true);
          }
        }}
      />
      {open && (
        <Paper
          withBorder
          shadow="md"
          pos="absolute"
          left={0}
          right={0}
          mt={2}
          style={{ zIndex: 30, maxHeight: 280, overflowY: 'auto' }}
          id={listId}
          role="listbox"
          aria-label="Adrese găsite"
          data-testid={`${props.testId}-options`}
        >
          {predictions.length === 0 ? (
            <Text size="sm" c="dimmed" p="xs">
              {search.isFetching ? 'Se caută…' : 'Nicio adresă găsită'}
            </Text>
          ) : (
            predictions.map((prediction, index) => (
              <UnstyledButton
                key={prediction.place_id}
                id={`${listId}-${index}`}
                role="option"
                aria-selected={index === highlighted}
                tabIndex={-1}
                display="block"
                w="100%"
                px="xs"
                py={6}
                bg={index === highlighted ? 'var(--mantine-color-ogo-0)' : undefined}
                data-testid={`${props.testId}-option-${index}`}
                onMouseEnter={() => setHighlighted(index)}
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => void pick(prediction)}
              >
                <Text size="sm" fw={prediction.is_internal ? 600 : undefined}>
                  {prediction.description}
                </Text>
                {prediction.is_internal &&
                  (prediction.bloc || prediction.scara || prediction.reper) && (
                    <Text size="xs" c="dimmed">
                      {[
                        prediction.bloc && `bl. ${prediction.bloc}`,
                        prediction.scara && `sc. ${prediction.scara}`,
                        prediction.reper && `reper: ${prediction.reper}`,
                      ]
                        .filter(Boolean)
                        .join(' · ')}
                    </Text>
                  )}
              </UnstyledButton>
            ))
          )}
        </Paper>
      )}
    </Box>
  );
}

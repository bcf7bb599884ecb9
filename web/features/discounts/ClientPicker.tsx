import { TextInput } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { completePhone, useClientLookup } from '../clients';

export interface PickedClient {
  phone: string;
  id: number | null;
  name: string;
}

interface ClientPickerProps {
  value: PickedClient;
  onChange: (client: PickedClient) => void;
  error?: string;
  disabled?: boolean;
}

/**
 * One of the company's clients, by his phone: once the number is whole the order forms' lookup
 * (GET /api/clients/lookup) names him; a number nobody called from finds no one.
 */
export function ClientPicker({ value, onChange, error, disabled }: ClientPickerProps) {
  const whole = completePhone(value.phone);
  const lookup = useClientLookup(disabled ? null : whole);
  const found = whole !== null ? lookup.data?.client : undefined;
  const latest = useRef({ value, onChange });
  latest.current = { value, onChange };

  useEffect(() => {
    const { value: current, onChange: change } = latest.current;
    if (found && (found.id !== current.id || (found.name ?? '') !== current.name))
      change({ ...current, id: found.id, name: found.name ?? '' });
  }, [found]);

  const description =
    value.id !== null
      ? value.name || `Clientul #${value.id}`
      : whole !== null && lookup.isSuccess && !lookup.data.client
        ? 'Niciun client cu acest număr.'
        : undefined;

  return (
    <TextInput
      label="Telefonul clientului"
      placeholder="07xx xxx xxx"
      type="tel"
      required
      value={value.phone}
      disabled={disabled}
      description={description}
      inputWrapperOrder={['label', 'input', 'description', 'error']}
      error={error}
      // A changed number is another client until the lookup names him.
      onChange={(event) => onChange({ phone: event.currentTarget.value, id: null, name: '' })}
      data-testid="discount-client-phone"
    />
  );
}

import { normalizePhone } from '@common/lib/phone';
import type { Order } from '@common/orders/orders.schema';
import { Button, SimpleGrid, TextInput } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { isFieldTarget } from '../../../lib/shortcuts';
import type { OrderActions } from '../actions/use-order-actions';
import { SaveEditButton } from './SaveEditButton';
import type { KnownCaller } from './use-known-caller';
import type { OrderDraftState } from './use-order-draft';

interface ClientFieldsProps {
  form: OrderDraftState;
  order: Order | null;
  /** The client's history button, when the order has a client. */
  onClientHistory: (() => void) | null;
  updateName: OrderActions['updateName'];
  /** What the typed number tells: a blocked number, the caller's last address. */
  known: KnownCaller;
  /** The number is what a new order starts from: the phone takes the focus. */
  autoFocusPhone: boolean;
}

/**
 * The caller: phone (fixed once placed), client name and notes. A placed order saves a changed
 * name or notes with 'Salvează clientul'.
 */
export function ClientFields({
  form,
  order,
  onClientHistory,
  updateName,
  known,
  autoFocusPhone,
}: ClientFieldsProps) {
  const { draft, errors, editable, update } = form;
  const phoneRef = useRef<HTMLInputElement>(null);
  const focusOnMount = useRef(autoFocusPhone);
  useEffect(() => {
    // Unless the operator is typing elsewhere or in a dialog (opened while the form loaded); a
    // clicked link or button ('Comandă nouă') gives the focus up.
    const active = document.activeElement;
    const busy =
      active instanceof HTMLElement && (isFieldTarget(active) || active.closest('[role="dialog"]'));
    if (focusOnMount.current && !busy) phoneRef.current?.focus();
  }, []);
  return (
    <>
      <SimpleGrid cols={2} spacing="xs">
        <TextInput
          label="Telefon"
          required
          type="tel"
          ref={phoneRef}
          value={draft.phone}
          error={errors.phone ?? known.blocked ?? undefined}
          description={known.offer ? `↵ ${known.offer.name}` : undefined}
          // The offer under the number, so the phone stays level with the name beside it.
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          disabled={!editable}
          onChange={(event) => update({ phone: event.currentTarget.value })}
          onKeyDown={known.onPhoneKeyDown}
          // The phone is normalised (lowercased, 00 → +, national → +40).
          onBlur={() => {
            const normal = normalizePhone(draft.phone);
            if (normal && normal !== draft.phone) update({ phone: normal });
          }}
          rightSectionWidth={onClientHistory ? 64 : undefined}
          rightSection={
            onClientHistory ? (
              <Button
                size="compact-xs"
                variant="subtle"
                onClick={onClientHistory}
                data-testid="client-history-button"
              >
                Istoric
              </Button>
            ) : undefined
          }
          data-testid="order-phone"
        />
        <TextInput
          label="Nume client"
          required
          value={draft.client_name}
          error={errors.client_name}
          onChange={(event) => update({ client_name: event.currentTarget.value })}
          data-testid="order-client-name"
        />
      </SimpleGrid>
      <TextInput
        label="Note client"
        value={draft.about_client}
        error={errors.about_client}
        onChange={(event) => update({ about_client: event.currentTarget.value })}
        data-testid="order-about-client"
      />
      {order && form.clientEdited && (
        <SaveEditButton
          saving={updateName.isPending}
          onSave={() =>
            updateName.mutate(
              {
                id: order.id,
                name: draft.client_name.trim() || null,
                about: draft.about_client.trim() || null,
              },
              { onSuccess: form.endClientEdit },
            )
          }
          testId="order-client-save"
        >
          Salvează clientul
        </SaveEditButton>
      )}
    </>
  );
}

import { normalizePhone } from '@common/lib/phone';
import type { Order } from '@common/orders/orders.schema';
import { Button, SimpleGrid, TextInput } from '@mantine/core';
import type { OrderActions } from '../actions/use-order-actions';
import { SaveEditButton } from './SaveEditButton';
import type { OrderDraftState } from './use-order-draft';

interface ClientFieldsProps {
  form: OrderDraftState;
  order: Order | null;
  /** The client's history button, when the order has a client. */
  onClientHistory: (() => void) | null;
  updateName: OrderActions['updateName'];
}

/**
 * The caller: phone (fixed once placed), client name and notes. A placed order saves a changed
 * name or notes with 'Salvează clientul'.
 */
export function ClientFields({ form, order, onClientHistory, updateName }: ClientFieldsProps) {
  const { draft, errors, editable, update } = form;
  return (
    <>
      <SimpleGrid cols={2} spacing="xs">
        <TextInput
          label="Telefon"
          required
          type="tel"
          value={draft.phone}
          error={errors.phone}
          disabled={!editable}
          onChange={(event) => update({ phone: event.currentTarget.value })}
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

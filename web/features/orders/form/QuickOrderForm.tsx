import { normalizePhone } from '@common/lib/phone';
import { ActionIcon, Button, Group, Kbd, Paper, Text, TextInput } from '@mantine/core';
import { type Ref, useCallback, useMemo, useRef, useState } from 'react';
import { isApiError } from '../../../lib/api-client';
import { TOAST_MS, toastApiError, toastSuccess } from '../../../lib/toast';
import { companyCenter } from '../../../map/company-center';
import { useCurrentUser } from '../../auth';
import { AddressSearch } from '../../places';
import { usePlaceOrder } from '../data/use-place-order';
import { ORDER_MESSAGES } from '../messages';
import { FareLine } from './FareLine';
import { FarPickupWarning } from './FarPickupWarning';
import {
  draftToBody,
  emptyDraft,
  type FormErrors,
  type OrderDraft,
  placeFromDetails,
  placeFromSaved,
  serverErrorsToForm,
  validateDraft,
} from './order-form';
import { ProtocolFields } from './ProtocolFields';
import { useKnownCaller } from './use-known-caller';

interface QuickOrderFormProps {
  addressRef: Ref<HTMLInputElement>;
  onClose: () => void;
  /** Set by the screen's Ctrl+Enter shortcut. */
  submitRef: { current: (() => void) | null };
}

/** Moves the focus out of `container` to the page; what had it, or null when nothing inside did. */
function blurWithin(container: HTMLElement | null): HTMLElement | null {
  const active = document.activeElement;
  if (!(active instanceof HTMLElement) || !container?.contains(active)) return null;
  active.blur();
  return active;
}

/**
 * v2 quick form, fixed at the bottom: address, 'Observații ...', phone, name,
 * 'Protocol?' enabling the company selector, and 'Comandă'. A known number fills the name and
 * offers the caller's last address (Enter in the phone); a blocked one is said as it is typed. After placing it empties for the
 * next call. A valid order placed leaves the form with the focus: the screen's keys
 * ('+' for the next call, '-') are the page's again, not letters typed into 'Nume'; a refusal
 * gives the focus back where it was.
 */
export function QuickOrderForm({ addressRef, onClose, submitRef }: QuickOrderFormProps) {
  const user = useCurrentUser();
  const center = useMemo(() => companyCenter(user.companies[0]), [user.companies]);
  const [draft, setDraft] = useState<OrderDraft>(() => emptyDraft('taxi', user));
  const [errors, setErrors] = useState<FormErrors>({});
  const [blocking, setBlocking] = useState(false);
  const placeOrder = usePlaceOrder(0);
  const formRef = useRef<HTMLFormElement>(null);
  const place = draft.places[0];
  const update = (patch: Partial<OrderDraft>) => {
    setDraft((prev) => ({ ...prev, ...patch }));
    setErrors({});
  };
  const onBlockingChange = useCallback((value: boolean) => setBlocking(value), []);
  const known = useKnownCaller({
    phone: draft.phone,
    clientName: draft.client_name,
    about: draft.about_client,
    enabled: true,
    onFill: update,
    canTakeAddress: place !== undefined && place.name.trim() === '',
    takeAddress: (address) => place && update({ places: [placeFromSaved(place, address)] }),
  });

  const submit = () => {
    if (blocking || placeOrder.isPending) return;
    const found = validateDraft(draft, 'taxi');
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const focused = blurWithin(formRef.current);
    placeOrder.mutate(
      { body: draftToBody(draft), followsClock: true },
      {
        onSuccess: () => {
          toastSuccess(ORDER_MESSAGES.created);
          setDraft(emptyDraft('taxi', user));
        },
        onError: (error) => {
          toastApiError(error, TOAST_MS.placement);
          if (isApiError(error)) setErrors(serverErrorsToForm(error.fieldErrors, draft));
          // Back to the field it left, unless the dispatcher has moved on meanwhile.
          const now = document.activeElement;
          if (focused?.isConnected && (now === null || now === document.body)) focused.focus();
        },
      },
    );
  };
  submitRef.current = submit;

  return (
    <Paper withBorder shadow="md" p="sm" data-testid="quick-order-form">
      <form
        ref={formRef}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Group align="flex-start" gap="xs" wrap="nowrap">
          <div style={{ flex: 3, minWidth: 0 }}>
            <AddressSearch
              label="Adresa"
              value={place?.name ?? ''}
              center={center}
              error={errors['places.0.name']}
              inputRef={addressRef}
              testId="quick-address"
              onTextChange={(name) =>
                place &&
                update({ places: [{ ...place, name, place_id: null, lat: null, long: null }] })
              }
              onPick={(details) => place && update({ places: [placeFromDetails(place, details)] })}
              onBlockingChange={onBlockingChange}
            />
            <FarPickupWarning lat={place?.lat ?? null} long={place?.long ?? null} />
          </div>
          <TextInput
            label="Observații"
            placeholder="Observații ..."
            value={draft.comment}
            onChange={(e) => update({ comment: e.currentTarget.value })}
            style={{ flex: 2 }}
            data-testid="quick-comment"
          />
          <TextInput
            label="Telefon"
            required
            type="tel"
            value={draft.phone}
            error={errors.phone ?? known.blocked ?? undefined}
            description={known.offer ? `↵ ${known.offer.name}` : undefined}
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            onChange={(e) => update({ phone: e.currentTarget.value })}
            // Enter takes the caller's last address into the empty address.
            onKeyDown={known.onPhoneKeyDown}
            onBlur={() => {
              const normal = normalizePhone(draft.phone);
              if (normal && normal !== draft.phone) update({ phone: normal });
            }}
            style={{ flex: 1.2 }}
            data-testid="quick-phone"
          />
          <TextInput
            label="Nume"
            required
            value={draft.client_name}
            error={errors.client_name}
            onChange={(e) => update({ client_name: e.currentTarget.value })}
            style={{ flex: 1.2 }}
            data-testid="quick-name"
          />
        </Group>
        <Group justify="space-between" mt="xs" wrap="nowrap">
          <Group gap="md" wrap="nowrap" style={{ minWidth: 0 }}>
            <ProtocolFields
              paymentType={draft.payment_type}
              companyId={draft.protocol_company_id}
              error={errors.protocol_company_id}
              onChange={(payment_type, protocol_company_id) =>
                update({ payment_type, protocol_company_id })
              }
              testId="quick-protocol"
            />
            <FareLine
              draft={draft}
              error={errors.fixed_price}
              onFixedPrice={(fixed_price) => update({ fixed_price })}
            />
          </Group>
          <Group gap="xs" wrap="nowrap">
            <Text size="xs" c="dimmed">
              <Kbd size="xs">Ctrl</Kbd>+<Kbd size="xs">Enter</Kbd> plasează · <Kbd size="xs">-</Kbd>{' '}
              închide
            </Text>
            <Button
              type="submit"
              loading={placeOrder.isPending}
              disabled={blocking}
              data-testid="quick-submit"
            >
              Comandă
            </Button>
            <ActionIcon
              variant="subtle"
              color="gray"
              aria-label="Închide formularul"
              onClick={onClose}
              data-testid="quick-close"
            >
              ✕
            </ActionIcon>
          </Group>
        </Group>
      </form>
    </Paper>
  );
}

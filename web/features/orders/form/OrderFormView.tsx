import { normalizePhone } from '@common/lib/phone';
import { EDITABLE_AFTER_PLACING, isEditable } from '@common/orders/orders.rules';
import type { Order } from '@common/orders/orders.schema';
import {
  Badge,
  Button,
  Group,
  Kbd,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import dayjs from 'dayjs';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { confirmAction } from '../../../components/confirm';
import { isApiError } from '../../../lib/api-client';
import { useShortcuts } from '../../../lib/shortcuts';
import { TOAST_MS, toastApiError, toastSuccess } from '../../../lib/toast';
import { useNow } from '../../../lib/use-now';
import { useUnsavedChangesWarning } from '../../../lib/use-unsaved-changes-warning';
import { useCurrentUser } from '../../auth/use-current-user';
import { BlockPhoneModal } from '../../blocked-phones/BlockPhoneModal';
import { useOrderOptions, useServices } from '../../catalog/use-catalog';
import { ClientHistoryModal } from '../../clients/ClientHistoryModal';
import { SavedAddressesMenu } from '../../clients/SavedAddressesMenu';
import { companyCenter } from '../../companies/company-center';
import { ManualAddressModal } from '../../places/ManualAddressModal';
import { ManualAssignModal } from '../actions/ManualAssignModal';
import { useOrderActions } from '../actions/use-order-actions';
import { usePlaceOrder } from '../data/use-place-order';
import { orderFormPath } from '../flavour';
import { FLAVOUR_LABELS, type Flavour, ORDER_STATE_COLORS, ORDER_STATE_LABELS } from '../labels';
import { ORDER_MESSAGES } from '../messages';
import { OrderHistoryModal } from '../panel/OrderHistoryModal';
import { DriverSearchPanel } from './DriverSearchPanel';
import { OptionsPicker } from './OptionsPicker';
import { OrderFormActions } from './OrderFormActions';
import {
  draftFingerprint,
  draftFromOrder,
  draftToBody,
  emptyDraft,
  emptyPlace,
  type FormErrors,
  type OrderDraft,
  type PlaceDraft,
  placeFromDetails,
  placeFromSaved,
  placeToInput,
  serverErrorsToForm,
  validateDraft,
} from './order-form';
import { PlaceFields } from './PlaceFields';
import { ProtocolFields } from './ProtocolFields';

type NameEdits = Partial<Pick<OrderDraft, 'comment' | 'client_name' | 'about_client'>>;

interface OrderFormViewProps {
  orderId: number;
  order: Order | null;
  flavour: Flavour;
}

/**
 * The form. A new order (id 0, or a saved draft in state new) is edited whole and placed with
 * 'Comandă' or Ctrl+Enter; any other order is read-only except the comment, the client's name
 * and notes, and each address through its edit toggle (SPEC §4).
 */
export function OrderFormView({ orderId, order, flavour }: OrderFormViewProps) {
  const user = useCurrentUser();
  const navigate = useNavigate();
  const center = useMemo(() => companyCenter(user.companies[0]), [user.companies]);
  const services = useServices();
  const options = useOrderOptions();
  const actions = useOrderActions();
  const placeOrder = usePlaceOrder(orderId);
  const labels = FLAVOUR_LABELS[flavour];

  const editable = order === null || isEditable(order);
  const [local, setLocal] = useState<OrderDraft>(() =>
    order ? draftFromOrder(order) : emptyDraft(flavour, user),
  );
  const [initial] = useState(() => draftFingerprint(local));
  const [edits, setEdits] = useState<NameEdits>({});
  const [placeEdits, setPlaceEdits] = useState<Record<string, PlaceDraft>>({});
  const [errors, setErrors] = useState<FormErrors>({});
  const [blockers, setBlockers] = useState<Record<string, boolean>>({});
  const [placedId, setPlacedId] = useState<number | null>(null);
  const [modal, setModal] = useState<
    null | 'assign' | 'block' | 'history' | 'client' | { manual: string }
  >(null);

  const serverView = useMemo(
    () => (order && !editable ? draftFromOrder(order) : null),
    [order, editable],
  );
  const draft: OrderDraft = serverView
    ? { ...serverView, ...edits, places: serverView.places.map((p) => placeEdits[p.key] ?? p) }
    : local;

  const blocking = Object.values(blockers).some(Boolean);
  const busy = placeOrder.isPending;
  const dirty = editable && placedId === null && draftFingerprint(local) !== initial;
  useUnsavedChangesWarning(dirty);

  // SPEC §9: a new order's departure time follows the clock every second until it is set.
  const now = useNow(1000, editable && draft.departure === null);
  const departure = draft.departure ?? {
    date: dayjs(now).format('YYYY-MM-DD'),
    time: dayjs(now).format('HH:mm'),
  };

  useEffect(() => {
    if (placedId !== null)
      void navigate(orderFormPath(flavour, placedId), { replace: orderId > 0 });
  }, [placedId, navigate, flavour, orderId]);

  const clearError = (key: string) =>
    setErrors((prev) => {
      if (!(key in prev)) return prev;
      const { [key]: _gone, ...rest } = prev;
      return rest;
    });

  const update = (patch: Partial<OrderDraft>) => {
    if (editable) setLocal((prev) => ({ ...prev, ...patch }));
    else setEdits((prev) => ({ ...prev, ...patch }));
    for (const key of Object.keys(patch)) clearError(key);
  };

  const setPlace = (index: number, place: PlaceDraft) => {
    clearError(`places.${index}.name`);
    if (editable) {
      setLocal((prev) => ({
        ...prev,
        places: prev.places.map((p, i) => (i === index ? place : p)),
      }));
    } else {
      setPlaceEdits((prev) => ({ ...prev, [place.key]: place }));
    }
  };

  const onBlockingChange = useCallback(
    (key: string, value: boolean) =>
      setBlockers((prev) => (Boolean(prev[key]) === value ? prev : { ...prev, [key]: value })),
    [],
  );

  const submit = () => {
    // SPEC §5: never while an address list is open or a request is running.
    if (!editable || blocking || busy) return;
    const found = validateDraft(draft, flavour);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    placeOrder.mutate(
      { body: draftToBody(draft), followsClock: draft.departure === null },
      {
        onSuccess: (placed) => {
          toastSuccess(ORDER_MESSAGES.created);
          setPlacedId(placed.id);
        },
        onError: (error) => {
          // SPEC §8: each server message its own error toast, 5 s; the fields marked too.
          toastApiError(error, TOAST_MS.placement);
          if (isApiError(error)) setErrors(serverErrorsToForm(error.fieldErrors, draft));
        },
      },
    );
  };

  useShortcuts({ placeOrder: submit }, editable);

  const normalisedPhone = normalizePhone(draft.phone);
  const clientId = order?.client_id ?? null;
  const serviceOptions = (services.data ?? []).map((s) => ({ value: String(s.id), label: s.name }));
  if (!serviceOptions.some((o) => o.value === String(draft.service_id))) {
    serviceOptions.unshift({
      value: String(draft.service_id),
      label: `Serviciul ${draft.service_id}`,
    });
  }

  const editingPlace = (key: string) => key in placeEdits;

  return (
    <Paper withBorder p="sm" data-testid="order-form" data-editable={editable ? 'true' : 'false'}>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Stack gap="sm">
          <Group justify="space-between" wrap="nowrap">
            <Group gap="xs">
              <Title order={5} data-testid="order-form-title">
                {order ? `Comanda #${order.id}` : 'Comandă nouă'}
              </Title>
              {order && (
                <Badge color={ORDER_STATE_COLORS[order.state]} data-testid="order-form-state">
                  {ORDER_STATE_LABELS[order.state]}
                </Badge>
              )}
            </Group>
            <Text size="xs" c="dimmed" data-testid="order-form-dispatcher">
              Dispecer: {order?.dispatcher?.name ?? user.name}
            </Text>
          </Group>

          {order && !editable && (
            <OrderFormActions
              order={order}
              userId={user.id}
              busy={{
                cancel: actions.cancel.isPending,
                retry: actions.retry.isPending,
                duplicate: actions.duplicate.isPending,
              }}
              onCancel={() =>
                confirmAction(ORDER_MESSAGES.confirmCancel, () => actions.cancel.mutate(order.id))
              }
              onRetry={() => actions.retry.mutate(order.id)}
              onAssign={() => setModal('assign')}
              onDuplicate={() =>
                actions.duplicate.mutate(
                  { id: order.id, key: actions.newDuplicateKey() },
                  { onSuccess: ({ id }) => void navigate(orderFormPath(flavour, id)) },
                )
              }
              onBlockPhone={() => setModal('block')}
              onHistory={() => setModal('history')}
              onClientHistory={clientId !== null ? () => setModal('client') : null}
            />
          )}

          {order && !editable && <DriverSearchPanel order={order} flavour={flavour} />}

          <Stack gap="xs">
            {draft.places.map((place, index) => (
              <PlaceFields
                key={place.key}
                index={index}
                place={place}
                center={center}
                error={errors[`places.${index}.name`]}
                editable={editable || editingPlace(place.key)}
                detailsEditable={editable || editingPlace(place.key)}
                canRemove={editable && draft.places.length > 1}
                autoFocus={editable && index === 0 && orderId === 0 && flavour === 'taxi'}
                onChange={(next) => setPlace(index, next)}
                onPick={(details) => setPlace(index, placeFromDetails(place, details))}
                onRemove={() => {
                  setLocal((prev) => ({
                    ...prev,
                    places: prev.places.filter((_, i) => i !== index),
                  }));
                  // A removed place's open list no longer blocks placing (SPEC §5).
                  setBlockers(({ [place.key]: _gone, ...rest }) => rest);
                  setErrors({});
                }}
                onBlockingChange={onBlockingChange}
                onManual={() => setModal({ manual: place.key })}
                editToggle={
                  editable || !order
                    ? undefined
                    : {
                        on: editingPlace(place.key),
                        saving: actions.updatePlace.isPending,
                        onToggle: () =>
                          setPlaceEdits((prev) => {
                            if (place.key in prev) {
                              const { [place.key]: _gone, ...rest } = prev;
                              return rest;
                            }
                            return { ...prev, [place.key]: place };
                          }),
                        onSave: () => {
                          if (place.id === null) return;
                          actions.updatePlace.mutate(
                            { id: order.id, placeId: place.id, place: placeToInput(place) },
                            {
                              onSuccess: () =>
                                setPlaceEdits((prev) => {
                                  const { [place.key]: _gone, ...rest } = prev;
                                  return rest;
                                }),
                            },
                          );
                        },
                      }
                }
              />
            ))}
            {editable && (
              <Group gap="xs">
                <Button
                  size="compact-sm"
                  variant="subtle"
                  onClick={() =>
                    setLocal((prev) => ({ ...prev, places: [...prev.places, emptyPlace()] }))
                  }
                  data-testid="place-add"
                >
                  + Adaugă adresă
                </Button>
                <SavedAddressesMenu
                  phone={normalisedPhone}
                  onUse={(saved) => {
                    const first = draft.places[0];
                    if (first) setPlace(0, placeFromSaved(first, saved));
                  }}
                />
              </Group>
            )}
          </Stack>

          <Stack gap={6}>
            <Textarea
              label="Observații"
              // Not autosize: it needs document.fonts, and two rows suit a comment.
              rows={2}
              value={draft.comment}
              error={errors.comment}
              onChange={(event) => update({ comment: event.currentTarget.value })}
              data-testid="order-comment"
            />
            {!editable &&
              order &&
              edits.comment !== undefined &&
              edits.comment !== (order.comment ?? '') && (
                <Group gap="xs">
                  <Button
                    size="compact-xs"
                    loading={actions.updateComment.isPending}
                    onClick={() =>
                      actions.updateComment.mutate(
                        { id: order.id, comment: edits.comment?.trim() || null },
                        { onSuccess: () => setEdits(({ comment: _c, ...rest }) => rest) },
                      )
                    }
                    data-testid="order-comment-save"
                  >
                    Salvează observațiile
                  </Button>
                </Group>
              )}
            <OptionsPicker
              options={options.data ?? []}
              value={draft.options}
              disabled={!editable}
              onChange={(value) => update({ options: value })}
            />
          </Stack>

          <SimpleGrid cols={2} spacing="xs">
            <TextInput
              label="Telefon"
              required
              type="tel"
              value={draft.phone}
              error={errors.phone}
              disabled={!editable}
              onChange={(event) => update({ phone: event.currentTarget.value })}
              // SPEC §5: the phone is normalised (lowercased, 00 → +, national → +40).
              onBlur={() => {
                const normal = normalizePhone(draft.phone);
                if (normal && normal !== draft.phone) update({ phone: normal });
              }}
              rightSectionWidth={clientId !== null ? 64 : undefined}
              rightSection={
                clientId !== null ? (
                  <Button
                    size="compact-xs"
                    variant="subtle"
                    onClick={() => setModal('client')}
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
          {!editable &&
            order &&
            ((edits.client_name !== undefined &&
              edits.client_name !== (order.client_name ?? order.name ?? '')) ||
              (edits.about_client !== undefined &&
                edits.about_client !== (order.about_client ?? ''))) && (
              <Group gap="xs">
                <Button
                  size="compact-xs"
                  loading={actions.updateName.isPending}
                  onClick={() =>
                    actions.updateName.mutate(
                      {
                        id: order.id,
                        name: draft.client_name.trim() || null,
                        about: draft.about_client.trim() || null,
                      },
                      {
                        onSuccess: () =>
                          setEdits(({ comment }) => (comment === undefined ? {} : { comment })),
                      },
                    )
                  }
                  data-testid="order-client-save"
                >
                  Salvează clientul
                </Button>
              </Group>
            )}

          <SimpleGrid cols={3} spacing="xs">
            <Select
              label="Serviciu"
              data={serviceOptions}
              value={String(draft.service_id)}
              allowDeselect={false}
              disabled={!editable}
              comboboxProps={{ withinPortal: false }}
              onChange={(value) => value && update({ service_id: Number(value) })}
              data-testid="order-service"
            />
            <TextInput
              label="Data"
              type="date"
              value={departure.date}
              disabled={!editable}
              error={errors.departure_time}
              onChange={(event) =>
                update({ departure: { ...departure, date: event.currentTarget.value } })
              }
              data-testid="order-date"
            />
            <TextInput
              label="Ora"
              type="time"
              value={departure.time}
              disabled={!editable}
              onChange={(event) =>
                update({ departure: { ...departure, time: event.currentTarget.value } })
              }
              data-testid="order-time"
            />
          </SimpleGrid>
          {editable && draft.departure !== null && (
            <Button
              size="compact-xs"
              variant="subtle"
              w="fit-content"
              onClick={() => update({ departure: null })}
            >
              Acum
            </Button>
          )}

          <ProtocolFields
            paymentType={draft.payment_type}
            companyId={draft.protocol_company_id}
            current={order?.protocol_user}
            // A placed order keeps its payment toggle (SPEC §4, EDITABLE_AFTER_PLACING), saved
            // at once; a new one's goes with the form.
            disabled={
              editable
                ? false
                : !EDITABLE_AFTER_PLACING.has('payment_type') || actions.updatePayment.isPending
            }
            onChange={(payment_type, protocol_company_id) =>
              editable || !order
                ? update({ payment_type, protocol_company_id })
                : actions.updatePayment.mutate({ id: order.id, payment_type, protocol_company_id })
            }
          />

          {editable && (
            <Group justify="space-between">
              <Text size="xs" c="dimmed">
                <Kbd size="xs">Ctrl</Kbd> + <Kbd size="xs">Enter</Kbd> plasează comanda
              </Text>
              <Button type="submit" loading={busy} disabled={blocking} data-testid="order-submit">
                Comandă
              </Button>
            </Group>
          )}
        </Stack>
      </form>

      {order && (
        <>
          <ManualAssignModal
            orderId={modal === 'assign' ? order.id : null}
            driverLabel={labels.driver}
            submitting={actions.assignDriver.isPending}
            onClose={() => setModal(null)}
            onSubmit={(id, driverId) => actions.assignDriver.mutateAsync({ id, driverId })}
          />
          <BlockPhoneModal
            phone={modal === 'block' ? order.phone : null}
            onClose={() => setModal(null)}
          />
          <OrderHistoryModal
            orderId={modal === 'history' ? order.id : null}
            onClose={() => setModal(null)}
          />
        </>
      )}
      <ClientHistoryModal
        clientId={modal === 'client' ? clientId : null}
        onClose={() => setModal(null)}
        onUseAddress={
          editable
            ? (saved) => {
                const first = draft.places[0];
                if (first) setPlace(0, placeFromSaved(first, saved));
              }
            : undefined
        }
      />
      {typeof modal === 'object' && modal !== null && (
        <ManualAddressModal
          opened
          initialName={draft.places.find((p) => p.key === modal.manual)?.name ?? ''}
          center={center}
          onClose={() => setModal(null)}
          onSaved={(details) => {
            const index = draft.places.findIndex((p) => p.key === modal.manual);
            const target = draft.places[index];
            if (target) setPlace(index, placeFromDetails(target, details));
          }}
        />
      )}
    </Paper>
  );
}

import { EDITABLE_AFTER_PLACING } from '@common/orders/orders.rules';
import type { Order } from '@common/orders/orders.schema';
import { Badge, Button, Group, Kbd, Paper, Stack, Text, Title } from '@mantine/core';
import { useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { LabelValue } from '../../../components/LabelValue';
import { isApiError } from '../../../lib/api-client';
import { orderFormPath } from '../../../lib/orders/flavour';
import {
  FLAVOUR_LABELS,
  type Flavour,
  ORDER_STATE_COLORS,
  ORDER_STATE_LABELS,
} from '../../../lib/orders/labels';
import { useShortcuts } from '../../../lib/shortcuts';
import { TOAST_MS, toastApiError, toastSuccess } from '../../../lib/toast';
import { useUnsavedChangesWarning } from '../../../lib/use-unsaved-changes-warning';
import { companyCenter } from '../../../map/company-center';
import { useCurrentUser } from '../../auth';
import { useOrderOptions } from '../../catalog';
import { canReportIncident } from '../../dashboard';
import { askCancelReason } from '../actions/cancel-prompt';
import { useOrderActions } from '../actions/use-order-actions';
import { usePlaceOrder } from '../data/use-place-order';
import { ORDER_MESSAGES } from '../messages';
import { OrderCost } from '../panel/OrderCost';
import { hasDiscount, OrderDiscount } from '../panel/OrderDiscount';
import { ClientFields } from './ClientFields';
import { CommentField } from './CommentField';
import { DiscountField } from './DiscountField';
import { DriverSearchPanel } from './DriverSearchPanel';
import { FareLine } from './FareLine';
import { OptionsPicker } from './OptionsPicker';
import { OrderFormActions } from './OrderFormActions';
import { type OrderFormModal, OrderFormModals } from './OrderFormModals';
import { draftToBody } from './order-form';
import { PlacesEditor } from './PlacesEditor';
import { ProtocolFields } from './ProtocolFields';
import { ServiceAndTimeFields } from './ServiceAndTimeFields';
import { useKnownCaller } from './use-known-caller';
import { useOrderDiscount } from './use-order-discount';
import { useOrderDraft } from './use-order-draft';

interface OrderFormViewProps {
  orderId: number;
  order: Order | null;
  flavour: Flavour;
}

/**
 * The form. A new order (id 0, or a saved draft in state new) is edited whole and placed with
 * 'Comandă' or Ctrl+Enter; any other order is read-only except the comment, the client's name
 * and notes, and each address through its edit toggle.
 */
export function OrderFormView({ orderId, order, flavour }: OrderFormViewProps) {
  const user = useCurrentUser();
  const navigate = useNavigate();
  const center = useMemo(() => companyCenter(user.companies[0]), [user.companies]);
  const options = useOrderOptions();
  const actions = useOrderActions();
  const placeOrder = usePlaceOrder(orderId);
  const form = useOrderDraft(order, flavour, user);
  const { draft, editable } = form;
  const emptyPlace = draft.places.findIndex((place) => place.name.trim() === '');
  const known = useKnownCaller({
    phone: draft.phone,
    clientName: draft.client_name,
    about: draft.about_client,
    enabled: editable,
    onFill: form.update,
    canTakeAddress: editable && emptyPlace >= 0,
    takeAddress: (address) => form.fillPlaceFromSaved(emptyPlace, address),
  });
  const discount = useOrderDiscount(draft, editable, () =>
    form.update({ discount_condition_id: null }),
  );
  const [placedId, setPlacedId] = useState<number | null>(null);
  const [modal, setModal] = useState<OrderFormModal>(null);
  const closeModal = () => setModal(null);

  const busy = placeOrder.isPending;
  useUnsavedChangesWarning(editable && placedId === null && form.changed);

  useEffect(() => {
    if (placedId !== null)
      void navigate(orderFormPath(flavour, placedId), { replace: orderId > 0 });
  }, [placedId, navigate, flavour, orderId]);

  const submit = () => {
    // Never while an address list is open or a request is running.
    if (!editable || form.blocking || busy) return;
    if (!form.validate()) return;
    placeOrder.mutate(
      { body: draftToBody(draft), followsClock: draft.departure === null },
      {
        onSuccess: (placed) => {
          toastSuccess(ORDER_MESSAGES.created);
          setPlacedId(placed.id);
        },
        onError: (error) => {
          // Each server message its own error toast, 5 s; the fields marked too.
          toastApiError(error, TOAST_MS.placement);
          if (isApiError(error)) form.showServerErrors(error.fieldErrors);
        },
      },
    );
  };

  useShortcuts({ placeOrder: submit }, editable);

  const clientId = order?.client_id ?? null;

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
                askCancelReason(order.id, (reason) =>
                  actions.cancel.mutate({ id: order.id, reason }),
                )
              }
              onRetry={() => actions.retry.mutate(order.id)}
              onAssign={() => setModal('assign')}
              onNotify={() => setModal('notify')}
              onDuplicate={() =>
                actions.duplicate.mutate(
                  { id: order.id, key: actions.newDuplicateKey() },
                  { onSuccess: ({ id }) => void navigate(orderFormPath(flavour, id)) },
                )
              }
              onBlockPhone={() => setModal('block')}
              onHistory={() => setModal('history')}
              onClientHistory={clientId !== null ? () => setModal('client') : null}
              onReportIncident={canReportIncident(user) ? () => setModal('incident') : null}
            />
          )}

          {order && !editable && <DriverSearchPanel order={order} flavour={flavour} />}

          <PlacesEditor
            form={form}
            order={order}
            center={center}
            updatePlace={actions.updatePlace}
            onManual={(key) => setModal({ manual: key })}
          />

          <Stack gap={6}>
            <CommentField form={form} order={order} updateComment={actions.updateComment} />
            <OptionsPicker
              options={options.data ?? []}
              value={draft.options}
              disabled={!editable}
              onChange={(value) => form.update({ options: value })}
            />
          </Stack>

          <ClientFields
            form={form}
            order={order}
            onClientHistory={clientId !== null ? () => setModal('client') : null}
            updateName={actions.updateName}
            known={known}
            autoFocusPhone={editable && flavour === 'taxi'}
          />

          <ServiceAndTimeFields form={form} />

          <ProtocolFields
            paymentType={draft.payment_type}
            companyId={draft.protocol_company_id}
            current={order?.protocol_user}
            error={form.errors.protocol_company_id}
            // A placed order keeps its payment toggle (EDITABLE_AFTER_PLACING), saved
            // at once; a new one's goes with the form. A discounted order's fare was lowered
            // for its billing as placed: it stays.
            disabled={
              editable
                ? false
                : !EDITABLE_AFTER_PLACING.has('payment_type') ||
                  actions.updatePayment.isPending ||
                  order?.discount_condition_id != null
            }
            onChange={(payment_type, protocol_company_id) =>
              editable || !order
                ? form.update({ payment_type, protocol_company_id })
                : actions.updatePayment.mutate({ id: order.id, payment_type, protocol_company_id })
            }
          />

          {editable &&
            (discount.choices.length > 0 ||
              draft.discount_condition_id !== null ||
              form.errors.discount_condition_id) && (
              <DiscountField
                choices={discount.choices}
                value={draft.discount_condition_id}
                error={form.errors.discount_condition_id}
                onChange={(discount_condition_id) => form.update({ discount_condition_id })}
              />
            )}

          {order && !editable && (
            <LabelValue label="Cost" size="xs" testId="order-form-cost">
              <OrderCost order={order} />
            </LabelValue>
          )}
          {order && !editable && hasDiscount(order) && (
            <LabelValue label="Reducere" size="xs" testId="order-form-discount">
              <OrderDiscount order={order} />
            </LabelValue>
          )}

          {editable && (
            <FareLine
              draft={draft}
              error={form.errors.fixed_price}
              discount={discount.chosen}
              onFixedPrice={(fixed_price) => form.update({ fixed_price })}
            />
          )}

          {editable && (
            <Group justify="space-between">
              <Text size="xs" c="dimmed">
                <Kbd size="xs">Ctrl</Kbd> + <Kbd size="xs">Enter</Kbd> plasează comanda
              </Text>
              <Button
                type="submit"
                loading={busy}
                disabled={form.blocking}
                data-testid="order-submit"
              >
                Comandă
              </Button>
            </Group>
          )}
        </Stack>
      </form>

      <OrderFormModals
        modal={modal}
        onClose={closeModal}
        form={form}
        order={order}
        clientId={clientId}
        center={center}
        driverLabel={FLAVOUR_LABELS[flavour].driver}
        assignDriver={actions.assignDriver}
        notifyDrivers={actions.notifyDrivers}
      />
    </Paper>
  );
}

import type { Order } from '@common/orders/orders.schema';
import { SimpleGrid, Stack, Title } from '@mantine/core';
import { LabelValue, type LabelValueProps } from '../../../components/LabelValue';
import { formatDateTime } from '../../../lib/dates';
import {
  FLAVOUR_LABELS,
  type Flavour,
  PAYMENT_TYPE_LABELS,
  SOURCE_LABELS,
} from '../../../lib/orders/labels';
import { OrderCost } from './OrderCost';
import { hasDiscount, OrderDiscount } from './OrderDiscount';
import { OrderRoute } from './OrderRoute';

const Field = (props: Omit<LabelValueProps, 'layout'>) => (
  <LabelValue layout="stacked" {...props} />
);

/** The side panel's 'Despre comandă' tab: who handled the order, its payment and its times. */
export function OrderAboutTab({ order, flavour }: { order: Order; flavour: Flavour }) {
  const driver = order.driver
    ? [order.driver.indicativ ?? order.car_indicativ, order.driver.name].filter(Boolean).join(' · ')
    : '—';
  return (
    <Stack gap="md">
      <SimpleGrid cols={3} spacing="sm" verticalSpacing="sm">
        <Field label="Procesată prin" testId="about-source">
          {SOURCE_LABELS[order.source]}
        </Field>
        <Field label={FLAVOUR_LABELS[flavour].driver} testId="about-driver">
          {driver}
        </Field>
        <Field label="Operator" testId="about-operator">
          {order.dispatcher?.name ?? '—'}
        </Field>
        <Field label="Tip plată" testId="about-payment">
          {PAYMENT_TYPE_LABELS[order.payment_type]}
          {order.protocol_user ? ` · ${order.protocol_user.name}` : ''}
        </Field>
        <Field label="Cost" testId="order-cost">
          <OrderCost order={order} />
        </Field>
        {hasDiscount(order) && (
          <Field label="Reducere" testId="about-discount">
            <OrderDiscount order={order} />
          </Field>
        )}
        <Field label="Timp estimat șofer" testId="about-eta">
          {order.waiting_driver_time !== null ? `${order.waiting_driver_time} min` : '—'}
        </Field>
        <Field label="Creată" testId="about-created">
          {formatDateTime(order.created_at)}
        </Field>
        <Field label="Alocată" testId="about-assigned">
          {formatDateTime(order.assigned_at)}
        </Field>
        <Field label="Cursă începută" testId="about-trip-started">
          {formatDateTime(order.trip_started_at)}
        </Field>
        <Field label="Cursă finalizată" testId="about-trip-finished">
          {formatDateTime(order.trip_finished_at)}
        </Field>
      </SimpleGrid>
      <Stack gap="xs">
        <Title order={6}>Traseu</Title>
        <OrderRoute places={order.places} />
      </Stack>
    </Stack>
  );
}

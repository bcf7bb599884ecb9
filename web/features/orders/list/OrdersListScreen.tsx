import type { OrderState } from '@common/orders/orders.schema';
import { Alert, Button, Group, SegmentedControl, Stack, Title } from '@mantine/core';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { DateField } from '../../../components/DateField';
import { flavourOf, orderFormPath } from '../../../lib/orders/flavour';
import { useCurrentUser } from '../../auth';
import { OrderSidePanel } from '../panel/OrderSidePanel';
import { useOrderPanel } from '../panel/use-order-panel';
import { PagedOrders } from './PagedOrders';

/** /orders/{type}: which states each list shows. */
export const ORDER_LIST_TYPES: Record<string, { label: string; states: readonly OrderState[] }> = {
  all: { label: 'Toate', states: ['created', 'pending', 'assigned', 'finished', 'canceled'] },
  live: { label: 'În curs', states: ['created', 'pending', 'assigned'] },
  finished: { label: 'Finalizate', states: ['finished'] },
  canceled: { label: 'Anulate', states: ['canceled'] },
};

/** The order lists of courier and restaurant companies: GET /api/orders, 15 a page. */
export function OrdersListScreen() {
  const { type = 'all' } = useParams();
  const navigate = useNavigate();
  const user = useCurrentUser();
  const flavour = flavourOf(user);
  const panel = useOrderPanel();
  const [dateFrom, setDateFrom] = useState('');
  const [dateTo, setDateTo] = useState('');
  const list = ORDER_LIST_TYPES[type];

  return (
    <Stack gap="sm" data-testid="orders-list-screen">
      <Group justify="space-between">
        <Group gap="sm">
          <Title order={4}>Comenzi</Title>
          <SegmentedControl
            size="xs"
            value={list ? type : ''}
            data={Object.entries(ORDER_LIST_TYPES).map(([value, { label }]) => ({ value, label }))}
            onChange={(value) => void navigate(`/orders/${value}`)}
            data-testid="orders-type"
          />
        </Group>
        <Group gap="xs">
          <DateField
            size="xs"
            w={120}
            aria-label="De la data"
            value={dateFrom}
            onChange={setDateFrom}
            data-testid="orders-date-from"
          />
          <DateField
            size="xs"
            w={120}
            aria-label="Până la data"
            value={dateTo}
            onChange={setDateTo}
            data-testid="orders-date-to"
          />
          <Button component={Link} to={orderFormPath(flavour, 0)} data-testid="new-order">
            Comandă nouă
          </Button>
        </Group>
      </Group>
      {list ? (
        <PagedOrders
          query={{
            states: list.states.join(','),
            date_from: dateFrom || undefined,
            date_to: dateTo || undefined,
          }}
          perPage={15}
          userId={user.id}
          flavour={flavour}
          onOpen={panel.open}
          testId={`orders-${type}`}
        />
      ) : (
        <Alert color="red" variant="light">
          Lista „{type}” nu există.
        </Alert>
      )}
      <OrderSidePanel orderId={panel.openId} flavour={flavour} onClose={panel.close} />
    </Stack>
  );
}

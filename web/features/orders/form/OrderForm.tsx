import { Alert, Loader } from '@mantine/core';
import { isApiError } from '../../../lib/api-client';
import type { Flavour } from '../../../lib/orders/labels';
import { useOrder } from '../data/use-order';
import { useFreshFormGeneration } from './fresh-form';
import { OrderFormView } from './OrderFormView';

interface OrderFormProps {
  /** 0 is a new order. */
  orderId: number;
  flavour: Flavour;
}

/** Operator (and delivery) order screen: loads the order, then the form. */
export function OrderForm({ orderId, flavour }: OrderFormProps) {
  const query = useOrder(orderId > 0 ? orderId : null);
  // A new order keyed by the latest 'Comandă nouă' as well: clicking it again starts afresh.
  const generation = useFreshFormGeneration();
  if (orderId > 0 && query.isPending) return <Loader size="sm" m="md" aria-label="Se încarcă" />;
  if (orderId > 0 && query.isError) {
    const notFound = isApiError(query.error) && query.error.status === 404;
    return (
      <Alert color="red" variant="light" m="md" data-testid="order-form-error">
        {notFound ? `Comanda #${orderId} nu există.` : query.error.message}
      </Alert>
    );
  }
  return (
    <OrderFormView
      key={`${orderId}:${generation}`}
      orderId={orderId}
      order={query.data ?? null}
      flavour={flavour}
    />
  );
}

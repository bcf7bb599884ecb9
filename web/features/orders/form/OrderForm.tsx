import { Alert, Loader } from '@mantine/core';
import { isApiError } from '../../../lib/api-client';
import { useOrder } from '../data/use-order';
import type { Flavour } from '../labels';
import { useFreshFormGeneration } from './fresh-form';
import { OrderFormView } from './OrderFormView';

interface OrderFormProps {
  /** 0 is a new order (SPEC §2). */
  orderId: number;
  flavour: Flavour;
}

/** SPEC §2 operator (and delivery) order screen: loads the order, then the form. */
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

import { Alert } from '@mantine/core';
import { useParams } from 'react-router';
import { useLocatedDriver } from '../../dispatch/locate-driver';
import { DriversOnMapPanel } from '../../drivers/DriversOnMapPanel';
import type { Flavour } from '../labels';
import { useOrderPanel } from '../panel/use-order-panel';
import { OrderForm } from './OrderForm';

/** Reads {id} from the path (0 = new) and shows the form. */
export function OrderFormPage({ flavour }: { flavour: Flavour }) {
  const { id } = useParams();
  const panel = useOrderPanel();
  const located = useLocatedDriver();
  const orderId = Number(id);
  if (!Number.isInteger(orderId) || orderId < 0) {
    return (
      <Alert color="red" variant="light" data-testid="order-form-error">
        Comanda nu există.
      </Alert>
    );
  }
  return (
    <>
      <OrderForm orderId={orderId} flavour={flavour} />
      {/* SPEC §2 order screen: the drivers-on-map panel (the taxi console's drivers map). */}
      {flavour === 'taxi' && <DriversOnMapPanel onOpenOrder={panel.open} focusDriverId={located} />}
    </>
  );
}

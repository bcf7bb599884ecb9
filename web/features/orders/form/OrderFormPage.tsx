import { can } from '@common/auth/page-access';
import { Alert } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useParams } from 'react-router';
import type { Flavour } from '../../../lib/orders/labels';
import { useCurrentUser } from '../../auth';
import { useLocatedDriver } from '../../dispatch';
import { DriversOnMapPanel } from '../../drivers';
import { useOrderPanel } from '../panel/use-order-panel';
import { OrderForm } from './OrderForm';

/** Reads {id} from the path (0 = new) and shows the form. */
export function OrderFormPage({ flavour }: { flavour: Flavour }) {
  const { id } = useParams();
  const panel = useOrderPanel();
  const located = useLocatedDriver();
  // The fleet's map is not a protocol client's (he follows his orders only).
  const fleet = can(useCurrentUser(), 'watchesFleet');
  const mapRef = useRef<HTMLDivElement>(null);
  // 'Localizare' opens the map under the whole form, out of sight at 1440×900: bring it into
  // view, or the toggle seems to do nothing.
  useEffect(() => {
    if (located !== null)
      mapRef.current?.scrollIntoView?.({ block: 'nearest', behavior: 'smooth' });
  }, [located]);
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
      {/* Order screen: the drivers-on-map panel (the taxi console's drivers map). */}
      {flavour === 'taxi' && fleet && (
        <div ref={mapRef}>
          <DriversOnMapPanel onOpenOrder={panel.open} focusDriverId={located} />
        </div>
      )}
    </>
  );
}

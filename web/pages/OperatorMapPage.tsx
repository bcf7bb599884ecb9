import { DriversMap } from '../features/drivers/DriversMap';
import { useOrderPanel } from '../features/orders/panel/use-order-panel';

/**
 * /operator/map (/operator children: map): the drivers map beside the order lists, as
 * tall as the console's column; an order on a driver card opens in the console's side panel.
 */
export default function OperatorMapPage() {
  const panel = useOrderPanel();
  return <DriversMap onOpenOrder={panel.open} />;
}

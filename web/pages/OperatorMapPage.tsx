import { DriversMap } from '../features/drivers/DriversMap';

/**
 * /operator/map (SPEC §2 /operator children: map): the drivers map beside the order lists, as
 * tall as the console's column.
 */
export default function OperatorMapPage() {
  return <DriversMap />;
}

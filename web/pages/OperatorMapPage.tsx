import { DriversMap } from '../features/drivers/DriversMap';

/** /operator/map (SPEC §2 /operator children: map): the drivers map beside the order lists. */
export default function OperatorMapPage() {
  return <DriversMap height="calc(100vh - 215px)" />;
}

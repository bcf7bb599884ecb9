import { ZonesEditor } from '../features/zones/ZonesEditor';

/** /settings/polygons (zone delimitation, 'Delimitare zone'): zones and taxi stands. */
export default function ZonesPage() {
  return <ZonesEditor />;
}

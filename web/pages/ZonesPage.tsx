import { ZonesEditor } from '../features/zones';

/** /settings/polygons (zone delimitation, 'Delimitare zone'): zones and taxi stands. */
export default function ZonesPage() {
  return <ZonesEditor />;
}

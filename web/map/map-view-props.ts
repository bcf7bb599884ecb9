import type { ReactNode } from 'react';
import type { Bounds, LatLng } from './geometry';

export interface MapViewProps {
  /** Where the map opens; later changes pan to it (the drivers map follows one driver). */
  center: LatLng;
  zoom: number;
  /** When set, the map fits these bounds instead (a route), never closer than `maxZoom`. */
  bounds?: Bounds | null;
  maxZoom?: number;
  height: number | string;
  /** The map region's accessible name. */
  label: string;
  testId?: string;
  /** Layer components: drawn once the map is ready. */
  children?: ReactNode;
  /** Over the map, centred: an empty state. */
  overlay?: ReactNode;
}

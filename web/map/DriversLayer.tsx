import type { AddLayerObject } from 'maplibre-gl';
import { useMemo } from 'react';
import { badgeIdExpression } from './badge-images';
import { driverFeatures, type MapDriver } from './drivers';
import { useGeoJsonLayers } from './use-geojson-layers';

const LAYERS: readonly AddLayerObject[] = [
  {
    id: 'drivers',
    type: 'symbol',
    source: 'drivers',
    // SPEC §2: markers labelled with the driver id, coloured by status.
    layout: {
      'icon-image': badgeIdExpression('status'),
      'icon-allow-overlap': true,
    },
  },
];

/** The drivers as one WebGL symbol layer (DESIGN §8: never a DOM marker per driver). */
export function DriversLayer({ drivers }: { drivers: readonly MapDriver[] }) {
  const data = useMemo(() => driverFeatures(drivers), [drivers]);
  useGeoJsonLayers('drivers', data, LAYERS);
  return null;
}

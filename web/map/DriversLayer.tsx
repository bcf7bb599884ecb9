import type { AddLayerObject, MapLayerMouseEvent } from 'maplibre-gl';
import { useEffect, useMemo, useRef } from 'react';
import { MAP_LABEL_FONT } from './basemap-style';
import { driverPillExpression, registerDriverPills } from './driver-pills';
import { driverFeatures, type MapDriver } from './drivers';
import { useMapHandle } from './map-context';
import { useGeoJsonLayers } from './use-geojson-layers';

const LAYERS: readonly AddLayerObject[] = [
  {
    id: 'drivers',
    type: 'symbol',
    source: 'drivers',
    // Markers labelled with the driver id, coloured by status.
    layout: {
      'icon-image': driverPillExpression,
      'icon-text-fit': 'both',
      'icon-text-fit-padding': [1, 4, 1, 4],
      'icon-allow-overlap': true,
      'icon-ignore-placement': true,
      'text-field': ['get', 'label'],
      'text-font': MAP_LABEL_FONT,
      'text-size': 12,
      'text-allow-overlap': true,
      'text-ignore-placement': true,
      // A driver on an offer, then busy and paused ones, over the free ones where they crowd.
      'symbol-sort-key': ['match', ['get', 'status'], 'offer', 3, 'busy', 2, 'paused', 1, 0],
    },
    paint: { 'text-color': '#ffffff' },
  },
];

interface DriversLayerProps {
  drivers: readonly MapDriver[];
  /** A click on a driver's marker (opens the driver card). */
  onSelect?: (driverId: number) => void;
}

/**
 * The drivers as one WebGL symbol layer (never a DOM marker per driver): one GeoJSON
 * source whose data is replaced once per change of the list (one batch of positions).
 */
export function DriversLayer({ drivers, onSelect }: DriversLayerProps) {
  const { map } = useMapHandle();
  // Before the layer that uses them is added (effects run in order).
  useEffect(() => registerDriverPills(map), [map]);
  const data = useMemo(() => driverFeatures(drivers), [drivers]);
  useGeoJsonLayers('drivers', data, LAYERS);

  const select = useRef(onSelect);
  select.current = onSelect;
  const selectable = onSelect !== undefined;
  useEffect(() => {
    if (!selectable) return;
    const canvas = map.getCanvas();
    const click = (event: MapLayerMouseEvent) => {
      const id = Number(event.features?.[0]?.id);
      if (Number.isInteger(id)) select.current?.(id);
    };
    const enter = () => {
      canvas.style.cursor = 'pointer';
    };
    const leave = () => {
      canvas.style.cursor = '';
    };
    map.on('click', 'drivers', click);
    map.on('mouseenter', 'drivers', enter);
    map.on('mouseleave', 'drivers', leave);
    return () => {
      map.off('click', 'drivers', click);
      map.off('mouseenter', 'drivers', enter);
      map.off('mouseleave', 'drivers', leave);
    };
  }, [map, selectable]);
  return null;
}

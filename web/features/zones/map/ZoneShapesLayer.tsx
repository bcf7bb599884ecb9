import type { Polygon, Stand } from '@common/zones/zones.schema';
import type { AddLayerObject, MapLayerMouseEvent } from 'maplibre-gl';
import { useEffect, useMemo, useRef } from 'react';
import { BADGE_TONES, badgeIdExpression } from '../../../map/badge-images';
import { useMapHandle } from '../../../map/map-context';
import { useGeoJsonLayers } from '../../../map/use-geojson-layers';
import { badgeFeatures, standFeatures, zoneFeatures } from '../zone-geometry';

// The drivers map's zone colour (web/map/ZonesLayer), and teal for stands.
const ZONE_COLOR = BADGE_TONES.zone;
const STAND_COLOR = BADGE_TONES.stand;

const ZONE_LAYERS: readonly AddLayerObject[] = [
  {
    id: 'zones-fill',
    type: 'fill',
    source: 'zones',
    // A zone hidden from the drivers map (isVisible false) is still drawn here, fainter.
    paint: {
      'fill-color': ZONE_COLOR,
      'fill-opacity': ['case', ['get', 'visible'], 0.14, 0.05],
    },
  },
  {
    id: 'zones-line',
    type: 'line',
    source: 'zones',
    paint: {
      'line-color': ZONE_COLOR,
      'line-width': 2,
      'line-opacity': ['case', ['get', 'visible'], 0.9, 0.45],
    },
  },
];

const STAND_LAYERS: readonly AddLayerObject[] = [
  {
    id: 'stands-fill',
    type: 'fill',
    source: 'stands',
    paint: { 'fill-color': STAND_COLOR, 'fill-opacity': 0.2 },
  },
  {
    id: 'stands-line',
    type: 'line',
    source: 'stands',
    paint: { 'line-color': STAND_COLOR, 'line-width': 1.5 },
  },
];

const BADGE_LAYERS: readonly AddLayerObject[] = [
  {
    id: 'zone-badges',
    type: 'symbol',
    source: 'zone-badges',
    layout: { 'icon-image': badgeIdExpression('tone'), 'icon-allow-overlap': true },
  },
];

const PICKABLE = ['zones-fill', 'stands-fill'] as const;

interface ZoneShapesLayerProps {
  zones: readonly Polygon[];
  stands: readonly Stand[];
  /** The zone and stand being edited: terra-draw draws them, not this layer. */
  editedZoneId: number | null;
  editedStandId: number | null;
  /** A click on a shape picks it for editing; null while something is being drawn. */
  onPick: ((pick: { kind: 'zone' | 'stand'; id: number }) => void) | null;
}

/** Every saved zone (violet) and stand (teal) with its name, as WebGL layers. */
export function ZoneShapesLayer({
  zones,
  stands,
  editedZoneId,
  editedStandId,
  onPick,
}: ZoneShapesLayerProps) {
  const zoneData = useMemo(() => zoneFeatures(zones, editedZoneId), [zones, editedZoneId]);
  const standData = useMemo(() => standFeatures(stands, editedStandId), [stands, editedStandId]);
  const badgeData = useMemo(
    () => badgeFeatures(zones, stands, editedZoneId, editedStandId),
    [zones, stands, editedZoneId, editedStandId],
  );
  useGeoJsonLayers('zones', zoneData, ZONE_LAYERS);
  useGeoJsonLayers('stands', standData, STAND_LAYERS);
  useGeoJsonLayers('zone-badges', badgeData, BADGE_LAYERS);
  usePick(onPick);
  return null;
}

/** Clicks on the fills pick a shape; the pointer says which shapes can be picked. */
function usePick(onPick: ZoneShapesLayerProps['onPick']) {
  const { map, isRemoved } = useMapHandle();
  const pick = useRef(onPick);
  pick.current = onPick;
  const enabled = onPick !== null;

  useEffect(() => {
    if (!enabled) return;
    const handleClick = (event: MapLayerMouseEvent) => {
      // A stand lies on top of its zone: the stand wins.
      const [hit] = map.queryRenderedFeatures(event.point, {
        layers: ['stands-fill', 'zones-fill'],
      });
      const id = Number(hit?.properties?.id);
      const kind = hit?.properties?.kind;
      if (!Number.isInteger(id) || (kind !== 'zone' && kind !== 'stand')) return;
      pick.current?.({ kind, id });
    };
    const pointer = () => {
      map.getCanvas().style.cursor = 'pointer';
    };
    const plain = () => {
      map.getCanvas().style.cursor = '';
    };
    map.on('click', handleClick);
    for (const layer of PICKABLE) {
      map.on('mouseenter', layer, pointer);
      map.on('mouseleave', layer, plain);
    }
    return () => {
      if (isRemoved()) return;
      map.off('click', handleClick);
      for (const layer of PICKABLE) {
        map.off('mouseenter', layer, pointer);
        map.off('mouseleave', layer, plain);
      }
      plain();
    };
  }, [map, isRemoved, enabled]);
}

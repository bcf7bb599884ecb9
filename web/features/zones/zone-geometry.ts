import { type LatLong, openRing } from '@common/zones/zones.rules';
import type { Polygon, Stand } from '@common/zones/zones.schema';
import type { Feature, FeatureCollection, Polygon as GeoPolygon, Point, Position } from 'geojson';
import { circlePolygon } from '../../map/geometry';

/**
 * Between the wire's corners (Polygon `paths[] {lat, long}`, latitude first, an open
 * ring) and GeoJSON (longitude first, a closed ring) that the map and terra-draw speak.
 * Coordinates are kept to 7 decimals (~1 cm): terra-draw refuses features finer than its
 * precision, and a pixel on the map is metres.
 */
const SCALE = 1e7;
export const roundDegrees = (value: number) => Math.round(value * SCALE) / SCALE;

const toPosition = (point: LatLong): Position => [
  roundDegrees(point.long),
  roundDegrees(point.lat),
];

/** Corners → a closed GeoJSON ring (the first corner repeated at the end). */
export function pathsToRing(paths: readonly LatLong[]): Position[] {
  const ring = openRing(paths).map(toPosition);
  const first = ring[0];
  if (first) ring.push([first[0] ?? 0, first[1] ?? 0]);
  return ring;
}

export function pathsToPolygon(paths: readonly LatLong[]): GeoPolygon {
  return { type: 'Polygon', coordinates: [pathsToRing(paths)] };
}

/** A drawn polygon's outer ring → its corners, without the closing repeat (holes are ignored). */
export function polygonToPaths(polygon: GeoPolygon): LatLong[] {
  const ring = polygon.coordinates[0] ?? [];
  return openRing(
    ring.map(([long = 0, lat = 0]) => ({ lat: roundDegrees(lat), long: roundDegrees(long) })),
  );
}

/** The corners a zone has (the list's 'Colțuri' column): the closing repeat is not a corner. */
export const cornerCount = (paths: readonly LatLong[]) => openRing(paths).length;

/**
 * Where a shape's name badge goes: the average of its corners. Inside any convex zone and
 * most hand-drawn ones; a badge slightly off a strongly concave zone still names it.
 */
export function labelPoint(paths: readonly LatLong[]): LatLong | null {
  const ring = openRing(paths);
  if (ring.length === 0) return null;
  let lat = 0;
  let long = 0;
  for (const point of ring) {
    lat += point.lat;
    long += point.long;
  }
  return { lat: roundDegrees(lat / ring.length), long: roundDegrees(long / ring.length) };
}

export interface ShapeProperties {
  id: number;
  name: string;
  /** 'zone' or 'stand'; hidden zones (isVisible false) are drawn fainter. */
  kind: 'zone' | 'stand';
  visible: boolean;
}

export interface BadgeProperties {
  label: string;
  tone: 'zone' | 'stand';
}

/** Every zone but the one being edited (terra-draw draws that one), as map features. */
export function zoneFeatures(
  zones: readonly Polygon[],
  exceptId: number | null,
): FeatureCollection<GeoPolygon, ShapeProperties> {
  const features: Feature<GeoPolygon, ShapeProperties>[] = [];
  for (const zone of zones) {
    if (zone.id === exceptId || cornerCount(zone.paths) < 3) continue;
    features.push({
      type: 'Feature',
      id: zone.id,
      properties: { id: zone.id, name: zone.name, kind: 'zone', visible: zone.isVisible },
      geometry: pathsToPolygon(zone.paths),
    });
  }
  return { type: 'FeatureCollection', features };
}

/** A stand's area on the map: its outline, or the circle of its radius around its point. */
export function standArea(
  stand: Pick<Stand, 'lat' | 'long' | 'radius' | 'paths'>,
): GeoPolygon | null {
  if (stand.paths && cornerCount(stand.paths) >= 3) return pathsToPolygon(stand.paths);
  if (stand.radius !== null && stand.radius > 0) {
    return circlePolygon({ lat: stand.lat, lng: stand.long }, stand.radius).geometry;
  }
  return null;
}

export function standFeatures(
  stands: readonly Stand[],
  exceptId: number | null,
): FeatureCollection<GeoPolygon, ShapeProperties> {
  const features: Feature<GeoPolygon, ShapeProperties>[] = [];
  for (const stand of stands) {
    if (stand.id === exceptId) continue;
    const geometry = standArea(stand);
    if (!geometry) continue;
    features.push({
      type: 'Feature',
      id: stand.id,
      properties: { id: stand.id, name: stand.name, kind: 'stand', visible: true },
      geometry,
    });
  }
  return { type: 'FeatureCollection', features };
}

/**
 * Name badges (web/map/badge-images: icons drawn on a canvas, no glyph server): zones at the
 * middle of their corners, stands at their point (BADGE_TONES zone and stand).
 */
export function badgeFeatures(
  zones: readonly Polygon[],
  stands: readonly Stand[],
  exceptZoneId: number | null,
  exceptStandId: number | null,
): FeatureCollection<Point, BadgeProperties> {
  const features: Feature<Point, BadgeProperties>[] = [];
  for (const zone of zones) {
    if (zone.id === exceptZoneId) continue;
    const at = labelPoint(zone.paths);
    if (!at) continue;
    features.push({
      type: 'Feature',
      properties: { label: zone.name, tone: 'zone' },
      geometry: { type: 'Point', coordinates: toPosition(at) },
    });
  }
  for (const stand of stands) {
    if (stand.id === exceptStandId) continue;
    features.push({
      type: 'Feature',
      properties: { label: stand.name, tone: 'stand' },
      geometry: { type: 'Point', coordinates: toPosition(stand) },
    });
  }
  return { type: 'FeatureCollection', features };
}

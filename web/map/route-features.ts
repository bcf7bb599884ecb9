import { placeLabel } from '@common/orders/orders.rules';
import type { FeatureCollection, LineString, Point } from 'geojson';
import { type Bounds, boundsOf, hasCoordinates, type LatLng } from './geometry';

/** A place as the route map needs it: the wire's `lat`/`long` (Order place). */
export interface RoutePlace {
  lat: number | null;
  long: number | null;
}

export interface RouteMarkerProps {
  /** Places are labelled A, B, C… by their index in the order. */
  label: string;
  /** First and last places are the trip's ends: drawn apart from the stops between. */
  role: 'start' | 'stop' | 'end';
}

export interface RouteFeatures {
  markers: FeatureCollection<Point, RouteMarkerProps>;
  line: FeatureCollection<LineString>;
  bounds: Bounds | null;
}

/** First place starts the trip, the last ends it (a single place is a start). */
export const placeRole = (index: number, count: number): RouteMarkerProps['role'] =>
  index === 0 ? 'start' : index === count - 1 ? 'end' : 'stop';

const located = (place: RoutePlace): LatLng | null => {
  const point = { lat: place.lat, lng: place.long };
  return hasCoordinates(point) ? point : null;
};

/** True when at least one place can be drawn (else the side panel shows the list only). */
export const routeHasMap = (places: readonly RoutePlace[]) =>
  places.some((place) => located(place) !== null);

/**
 * The route as map features: one labelled marker per place that has coordinates (a place
 * without keeps its letter out of the sequence, so B stays B), a line through them in order,
 * and the box to fit.
 */
export function routeFeatures(places: readonly RoutePlace[]): RouteFeatures {
  const points: { at: LatLng; props: RouteMarkerProps }[] = [];
  places.forEach((place, index) => {
    const at = located(place);
    if (!at) return;
    points.push({ at, props: { label: placeLabel(index), role: placeRole(index, places.length) } });
  });
  const coordinates = points.map(({ at }): [number, number] => [at.lng, at.lat]);
  return {
    markers: {
      type: 'FeatureCollection',
      features: points.map(({ at, props }) => ({
        type: 'Feature',
        properties: props,
        geometry: { type: 'Point', coordinates: [at.lng, at.lat] },
      })),
    },
    line: {
      type: 'FeatureCollection',
      features:
        coordinates.length < 2
          ? []
          : [
              {
                type: 'Feature',
                properties: {},
                geometry: { type: 'LineString', coordinates },
              },
            ],
    },
    bounds: boundsOf(points.map(({ at }) => at)),
  };
}

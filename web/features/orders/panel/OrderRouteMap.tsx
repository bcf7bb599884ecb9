import { useMemo } from 'react';
import { MapView } from '../../../map/MapView';
import { RouteLayer } from '../../../map/RouteLayer';
import { type RoutePlace, routeFeatures } from '../../../map/route-features';
import { ROUTE_MAX_ZOOM } from '../../../map/zoom';

/** 'Despre comandă': the route's places as A/B markers, fitted to their bounds. */
export function OrderRouteMap({ places }: { places: readonly RoutePlace[] }) {
  const route = useMemo(() => routeFeatures(places), [places]);
  const first = route.markers.features[0]?.geometry.coordinates;
  if (!route.bounds || !first) return null;
  return (
    <MapView
      center={{ lng: first[0] ?? 0, lat: first[1] ?? 0 }}
      zoom={ROUTE_MAX_ZOOM}
      bounds={route.bounds}
      maxZoom={ROUTE_MAX_ZOOM}
      height={240}
      label="Harta traseului"
      testId="order-route-map"
    >
      <RouteLayer route={route} />
    </MapView>
  );
}

import { Skeleton } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import { MapErrorBoundary } from './MapErrorBoundary';
import { MapUnavailable } from './MapUnavailable';
import type { MapViewProps } from './map-view-props';
import { supportsWebGL } from './webgl';

// Maplibre is its own chunk, fetched the first time a map is shown.
const MapCanvas = lazy(() => import('./MapCanvas'));

/**
 * The one map wrapper (web/map): a WebGL map with layer components as children.
 * Without WebGL it shows a short message in its place instead of crashing the screen.
 */
export function MapView(props: MapViewProps) {
  const [webgl] = useState(supportsWebGL);
  const unavailable = <MapUnavailable testId={props.testId} />;
  if (!webgl) return unavailable;
  return (
    <MapErrorBoundary fallback={unavailable}>
      <Suspense fallback={<Skeleton h={props.height} radius="sm" />}>
        <MapCanvas {...props} />
      </Suspense>
    </MapErrorBoundary>
  );
}

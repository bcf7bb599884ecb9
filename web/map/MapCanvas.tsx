import { Box, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useRuntimeConfig } from '../lib/runtime-config';
import { registerBadgeImages } from './badge-images';
import { dropBasemapWhenUnreachable } from './basemap-fallback';
import { basemapStyle } from './basemap-style';
import { MapUnavailable } from './MapUnavailable';
import { MapContext, type MapHandle } from './map-context';
import type { MapViewProps } from './map-view-props';
import { maplibregl } from './maplibre';

const FIT_PADDING = 36;

/**
 * The maplibre map behind MapView (the lazy chunk's entry). Created once the runtime config
 * says which basemap to draw; layers render as children once its style is loaded — not on
 * 'load', which waits for tiles a network-less tile server never sends.
 */
export default function MapCanvas({
  center,
  zoom,
  bounds,
  maxZoom,
  height,
  label,
  testId,
  children,
  overlay,
}: MapViewProps) {
  const container = useRef<HTMLDivElement>(null);
  const config = useRuntimeConfig();
  const [handle, setHandle] = useState<MapHandle | null>(null);
  const [failed, setFailed] = useState(false);
  const [basemapLost, setBasemapLost] = useState(false);
  // The first view only: later changes go through the effects below.
  const initial = useRef({ center, zoom, bounds, maxZoom });
  const configReady = !config.isPending;

  useEffect(() => {
    const element = container.current;
    if (!configReady || !element) return;
    const start = initial.current;
    let map: maplibregl.Map;
    try {
      map = new maplibregl.Map({
        container: element,
        style: basemapStyle(config.data?.map),
        center: [start.center.lng, start.center.lat],
        zoom: start.zoom,
        ...(start.bounds
          ? {
              bounds: start.bounds,
              fitBoundsOptions: { padding: FIT_PADDING, maxZoom: start.maxZoom },
            }
          : {}),
        attributionControl: { compact: true },
        // Labels appear at once: a symbol fade redraws the whole map for 300 ms after every
        // data change, on the drivers map after every batch of positions, for labels that
        // are never hidden anyway (bench/README.md drivers-map).
        fadeDuration: 0,
        dragRotate: false,
        pitchWithRotate: false,
        touchPitch: false,
      });
    } catch {
      // maplibre throws when the browser cannot create a WebGL context.
      setFailed(true);
      return;
    }
    let removed = false;
    map.touchZoomRotate.disableRotation();
    map.addControl(new maplibregl.NavigationControl({ showCompass: false }), 'top-right');
    registerBadgeImages(map);
    const stopWatchingBasemap = dropBasemapWhenUnreachable(map, () => setBasemapLost(true));
    map.once('style.load', () => setHandle({ map, lib: maplibregl, isRemoved: () => removed }));
    // Where the map is, for browser tests (the drivers map follows a driver): written on the
    // element directly, no re-render per move.
    const section = element.parentElement;
    const markCenter = () => {
      const { lat, lng } = map.getCenter();
      section?.setAttribute('data-map-center', `${lat.toFixed(5)},${lng.toFixed(5)}`);
    };
    markCenter();
    map.on('moveend', markCenter);
    return () => {
      removed = true;
      stopWatchingBasemap();
      setHandle(null);
      map.remove();
    };
  }, [configReady, config.data?.map]);

  const map = handle?.map;
  // By value: a new array or object with the same numbers is no reason to move.
  const boundsKey = bounds ? bounds.flat().join(',') : '';
  useEffect(() => {
    if (!map || !boundsKey) return;
    const [west = 0, south = 0, east = 0, north = 0] = boundsKey.split(',').map(Number);
    map.fitBounds(
      [
        [west, south],
        [east, north],
      ],
      { padding: FIT_PADDING, maxZoom, duration: 0 },
    );
  }, [map, boundsKey, maxZoom]);

  const { lat, lng } = center;
  useEffect(() => {
    if (!map || boundsKey) return;
    map.easeTo({ center: [lng, lat], zoom, duration: 300 });
  }, [map, boundsKey, lat, lng, zoom]);

  if (failed) return <MapUnavailable testId={testId} />;
  return (
    <Box
      component="section"
      aria-label={label}
      pos="relative"
      h={height}
      style={{ borderRadius: 'var(--mantine-radius-sm)', overflow: 'hidden' }}
      data-testid={testId}
      data-map-state={handle ? 'ready' : 'loading'}
    >
      <div ref={container} style={{ position: 'absolute', inset: 0 }} />
      {handle && <MapContext.Provider value={handle}>{children}</MapContext.Provider>}
      {basemapLost && (
        <Text
          size="xs"
          c="dimmed"
          pos="absolute"
          left={8}
          bottom={6}
          data-testid="map-basemap-unavailable"
          style={{ pointerEvents: 'none' }}
        >
          Fără hartă de fundal: serverul de hărți nu răspunde.
        </Text>
      )}
      {overlay}
    </Box>
  );
}

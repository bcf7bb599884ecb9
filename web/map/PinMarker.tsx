import type { Marker } from 'maplibre-gl';
import { useEffect, useRef } from 'react';
import { type LatLng, roundCoordinate } from './geometry';
import { useMapHandle } from './map-context';

interface PinMarkerProps {
  position: LatLng;
  /** False while the coordinates are still empty: the pin waits, faded, at the map centre. */
  placed: boolean;
  onMove: (position: LatLng) => void;
}

const rounded = (lngLat: { lat: number; lng: number }): LatLng => ({
  lat: roundCoordinate(lngLat.lat),
  lng: roundCoordinate(lngLat.lng),
});

/**
 * Manual address modal: the draggable map pin. Dragging it or clicking the map moves
 * it and reports the new position; a new `position` (typed coordinates) moves it, and the map
 * follows when it would leave the view. The one DOM marker on any map: it needs dragging.
 */
export function PinMarker({ position, placed, onMove }: PinMarkerProps) {
  const { map, lib, isRemoved } = useMapHandle();
  const marker = useRef<Marker | null>(null);
  const report = useRef(onMove);
  report.current = onMove;
  const start = useRef(position);

  useEffect(() => {
    const pin = new lib.Marker({ draggable: true, color: '#e03131' })
      .setLngLat([start.current.lng, start.current.lat])
      .addTo(map);
    const element = pin.getElement();
    element.dataset.testid = 'map-pin';
    element.setAttribute('aria-label', 'Pinul adresei: trageți-l pe hartă');
    pin.on('dragend', () => report.current(rounded(pin.getLngLat())));
    const onClick = (event: { lngLat: { lat: number; lng: number } }) =>
      report.current(rounded(event.lngLat));
    map.on('click', onClick);
    marker.current = pin;
    return () => {
      marker.current = null;
      if (isRemoved()) return;
      map.off('click', onClick);
      pin.remove();
    };
  }, [map, lib, isRemoved]);

  useEffect(() => {
    const pin = marker.current;
    if (!pin) return;
    pin.setLngLat([position.lng, position.lat]);
    if (!map.getBounds().contains([position.lng, position.lat]))
      map.easeTo({ center: [position.lng, position.lat], duration: 300 });
  }, [map, position.lat, position.lng]);

  useEffect(() => {
    marker.current?.setOpacity(placed ? '1' : '0.55');
  }, [placed]);

  return null;
}

import type { Marker } from 'maplibre-gl';
import { useEffect, useRef } from 'react';
import { type LatLng, roundCoordinate } from './geometry';
import { useMapHandle } from './map-context';

interface DraggableDriverMarkerProps {
  driverId: number;
  /** The call sign (or name) written on the marker. */
  label: string;
  position: LatLng;
  /** Green at work, amber paused, grey offline (the drivers map's colours). */
  tone: 'online' | 'paused' | 'offline';
  onMove: (position: LatLng) => void;
}

const TONES = { online: '#2f9e44', paused: '#f08c00', offline: '#868e96' } as const;

/**
 * /simulator: a picked driver the dispatcher drags to move him. A DOM marker, as the
 * manual address pin (PinMarker): dragging needs one, and /simulator shows only the few drivers
 * picked on it (keeps the fleet itself in one WebGL layer).
 */
export function DraggableDriverMarker({
  driverId,
  label,
  position,
  tone,
  onMove,
}: DraggableDriverMarkerProps) {
  const { map, lib, isRemoved } = useMapHandle();
  const marker = useRef<Marker | null>(null);
  const report = useRef(onMove);
  report.current = onMove;
  const start = useRef(position);

  useEffect(() => {
    const element = document.createElement('div');
    element.dataset.testid = `simulator-marker-${driverId}`;
    element.setAttribute('role', 'button');
    Object.assign(element.style, {
      padding: '1px 7px',
      borderRadius: '10px',
      border: '2px solid #fff',
      color: '#fff',
      font: '600 12px/16px system-ui, sans-serif',
      boxShadow: '0 1px 3px rgba(0,0,0,.35)',
      cursor: 'grab',
      whiteSpace: 'nowrap',
    });
    const pin = new lib.Marker({ element, draggable: true })
      .setLngLat([start.current.lng, start.current.lat])
      .addTo(map);
    pin.on('dragend', () => {
      const { lat, lng } = pin.getLngLat();
      report.current({ lat: roundCoordinate(lat), lng: roundCoordinate(lng) });
    });
    marker.current = pin;
    return () => {
      marker.current = null;
      if (!isRemoved()) pin.remove();
    };
  }, [map, lib, isRemoved, driverId]);

  useEffect(() => {
    marker.current?.setLngLat([position.lng, position.lat]);
  }, [position.lat, position.lng]);

  useEffect(() => {
    const element = marker.current?.getElement();
    if (!element) return;
    element.textContent = label;
    element.style.background = TONES[tone];
    element.setAttribute('aria-label', `Șoferul ${label}: trageți-l pe hartă`);
    element.dataset.tone = tone;
  }, [label, tone]);

  return null;
}

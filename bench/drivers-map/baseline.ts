import type { DriverPosition, DriverState } from '@common/drivers/drivers.schema';
import type { DriversPositionsPayload } from '@common/realtime/events';
import type { FeatureCollection, Point } from 'geojson';
import type { GeoJSONSource } from 'maplibre-gl';
import { basemapStyle } from '../../web/map/basemap-style';
import { maplibregl } from '../../web/map/maplibre';
import { CENTER } from './fleet';
import { markDrawn, Probe, type ProbeMap, pageParams, publish, startFeedWorker } from './probe';

/**
 * The baseline: a bare page with the app's maplibre-gl, one
 * GeoJSON source and a circle layer of the same drivers, fed by the same worker with the same
 * text frames, `setData` once per batch (1 Hz). A state change only updates its array; the next
 * batch draws it. No React, no cache, no labels, no zones.
 */

const params = pageParams();
const probe = new Probe();

const container = document.getElementById('map') as HTMLDivElement;
container.style.width = params.width > 0 ? `${params.width}px` : '100vw';
container.style.height = params.height > 0 ? `${params.height}px` : '100vh';

const map = new maplibregl.Map({
  container,
  style: basemapStyle(undefined),
  center: [CENTER.lng, CENTER.lat],
  zoom: 13,
  attributionControl: false,
});

type Status = 'free' | 'busy' | 'paused' | 'offer';
interface Point5k {
  id: number;
  lng: number;
  lat: number;
  status: Status;
}
const points: Point5k[] = [];
const index = new Map<number, Point5k>();

const statusOf = (p: Pick<DriverPosition, 'on_offer' | 'is_busy' | 'is_paused'>): Status =>
  p.on_offer ? 'offer' : p.is_busy ? 'busy' : p.is_paused ? 'paused' : 'free';

function upsert(position: DriverPosition): void {
  const known = index.get(position.userId);
  if (known) {
    known.lng = position.long;
    known.lat = position.lat;
    known.status = statusOf(position);
    return;
  }
  const point = {
    id: position.userId,
    lng: position.long,
    lat: position.lat,
    status: statusOf(position),
  };
  points.push(point);
  index.set(point.id, point);
}

const collection = (): FeatureCollection<Point, { status: Status }> => ({
  type: 'FeatureCollection',
  features: points.map((p) => ({
    type: 'Feature',
    id: p.id,
    properties: { status: p.status },
    geometry: { type: 'Point', coordinates: [p.lng, p.lat] },
  })),
});

let source: GeoJSONSource | undefined;
const snapshots = new Map<number, (text: string) => void>();
const feed = startFeedWorker(params, (message) => {
  if (message.type === 'snapshot') {
    snapshots.get(message.id)?.(message.text);
    snapshots.delete(message.id);
    return;
  }
  if (message.type === 'drivers_positions') {
    probe.measure('batch', () => {
      const batch = JSON.parse(message.text) as DriversPositionsPayload;
      for (const position of batch.positions) upsert(position);
      source?.setData(collection());
    });
  } else {
    probe.measure('state', () => {
      const state = JSON.parse(message.text) as DriverState;
      const known = index.get(state.driver_id);
      if (known && known.status !== 'offer') {
        known.status = state.is_busy ? 'busy' : state.is_paused ? 'paused' : 'free';
      }
    });
  }
});
const bench = publish(probe, feed);

map.once('style.load', async () => {
  try {
    const text = await new Promise<string>((resolve) => {
      snapshots.set(0, resolve);
      feed.post({ type: 'snapshot', id: 0 });
    });
    for (const position of JSON.parse(text) as DriverPosition[]) upsert(position);
    map.addSource('drivers', { type: 'geojson', data: collection() });
    map.addLayer({
      id: 'drivers',
      type: 'circle',
      source: 'drivers',
      paint: {
        'circle-radius': 5,
        'circle-color': [
          'match',
          ['get', 'status'],
          'offer',
          '#e03131',
          'busy',
          '#868e96',
          'paused',
          '#f08c00',
          '#2f9e44',
        ],
        'circle-stroke-color': '#ffffff',
        'circle-stroke-width': 1,
      },
    });
    source = map.getSource<GeoJSONSource>('drivers');
    const drawn = map as unknown as ProbeMap;
    const idle = map.once('idle');
    map.triggerRepaint();
    await idle;
    probe.attach(drawn, 'drivers');
    markDrawn(bench, drawn);
  } catch (error) {
    bench.error = String(error);
  }
});

import '@mantine/core/styles.css';
import type { LoggedUser } from '@common/auth/auth.schema';
import type { RuntimeConfig } from '@common/config/config.api';
import type { DriverState } from '@common/drivers/drivers.schema';
import type { DriversPositionsPayload } from '@common/realtime/events';
import { MantineProvider } from '@mantine/core';
import { notifyManager, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { theme } from '../../web/app/theme';
import { DriversMap } from '../../web/features/drivers/DriversMap';
import { bindDriverEvents, type DriverEventSource } from '../../web/features/drivers/driver-events';
import { queryClient } from '../../web/lib/query-client';
import { session } from '../../web/lib/session';
import { storage } from '../../web/lib/storage';
import { maplibregl } from '../../web/map/maplibre';
import { CENTER, COMPANY_ID, zones } from './fleet';
import {
  markDrawn,
  Probe,
  type ProbeMap,
  pageParams,
  publish,
  startFeedWorker,
  whenDrawn,
} from './probe';

/**
 * "ours": the app's real drivers map (DriversMap, DriversLayer, the positions cache, the driver
 * events binding, the app's query client) in its providers, without the rest of the app. What
 * it does not have is replaced at the edges only: the socket is a worker sending the server's
 * text frames (parsed here, as socket.io-client does), and `fetch` answers the three reads the
 * map makes (config without a basemap, as in the browser tests; the zones; the positions).
 */

const params = pageParams();
const probe = new Probe();

// The user the app would have after login: a dispatcher of a company at the box's centre.
const user: LoggedUser = {
  id: 7,
  name: 'Bench Dispecer',
  email: 'bench@ogo.test',
  phone: null,
  roles: ['dispatcher'],
  companies: [
    {
      id: COMPANY_ID,
      name: 'Bench Taxi',
      type: 'dispatch',
      package_id: 1,
      lat: CENTER.lat,
      lng: CENTER.lng,
    },
  ],
  meta: [],
};
session.setToken('bench-token');
session.setUser(user);
storage.set('drivers-map.zones', true); // 'Afișează zonele' on

// The socket: the app's own binding (RealtimeBridge) over a stand-in with the same events.
type Handler = (payload: never) => void;
class BenchSocket implements DriverEventSource {
  private readonly handlers = new Map<string, Set<Handler>>();
  on(
    event: 'drivers_positions' | 'driver_state_updated',
    handler: ((payload: DriversPositionsPayload) => void) | ((state: DriverState) => void),
  ): this {
    const set = this.handlers.get(event) ?? new Set<Handler>();
    set.add(handler as Handler);
    this.handlers.set(event, set);
    return this;
  }
  off(
    event: 'drivers_positions' | 'driver_state_updated',
    handler: ((payload: DriversPositionsPayload) => void) | ((state: DriverState) => void),
  ): this {
    this.handlers.get(event)?.delete(handler as Handler);
    return this;
  }
  emit(event: string, payload: unknown): void {
    for (const handler of this.handlers.get(event) ?? [])
      (handler as (p: unknown) => void)(payload);
  }
}
const socket = new BenchSocket();
bindDriverEvents(socket, queryClient);

const snapshots = new Map<number, (text: string) => void>();
let nextSnapshot = 0;
const feed = startFeedWorker(params, (message) => {
  if (message.type === 'snapshot') {
    snapshots.get(message.id)?.(message.text);
    snapshots.delete(message.id);
    return;
  }
  const kind = message.type === 'drivers_positions' ? 'batch' : 'state';
  probe.measure(kind, () => socket.emit(message.type, JSON.parse(message.text)));
});

// React Query notifies its observers in a setTimeout(0) task (its default scheduler): the same
// task, timed (with the microtask in which React renders the store's update), so the renders a
// batch causes count as the batch's cost. The setData of the layer's effect runs in React's
// own task afterwards: the probe times it where it wraps setData (Probe.attach).
notifyManager.setScheduler((callback) => {
  setTimeout(() => probe.span(callback), 0);
});

const config: RuntimeConfig = {
  driver_app_url: '',
  driver_app_beta_url: '',
  client_app_url: '',
  fallback_center: { lat: CENTER.lat, lng: CENTER.lng },
  map: { tiles_url: null, attribution: '' },
  services: { api: '/api', websocket: '/', addresses: '/geo', places: '/geo' },
};
const zonesText = JSON.stringify(zones(params.seed));
const answer = (text: string, status = 200) =>
  new Response(text, { status, headers: { 'content-type': 'application/json' } });
window.fetch = async (input: RequestInfo | URL) => {
  const url = new URL(input instanceof Request ? input.url : String(input), location.href);
  switch (url.pathname) {
    case '/api/config':
      return answer(JSON.stringify(config));
    case '/api/polygons':
      return answer(zonesText);
    case '/api/drivers-positions': {
      const id = nextSnapshot++;
      const text = await new Promise<string>((resolve) => {
        snapshots.set(id, resolve);
        feed.post({ type: 'snapshot', id });
      });
      // The 25 s read: what it costs from here on is the poll's, from the api
      // client's parse of the body (in the microtasks after text()) to the map's redraw.
      const response = answer(text);
      response.text = () => {
        probe.begin('poll');
        let body = Promise.resolve('');
        probe.span(() => {
          body = Promise.resolve(text);
        });
        return body;
      };
      return response;
    }
    default:
      return answer(JSON.stringify({ message: 'not in the benchmark', code: 'not_found' }), 404);
  }
};

// MapCanvas makes the map and adds its navigation control first thing: that is where the
// probe picks the instance up (no change to the app's code).
let map: ProbeMap | null = null;
const addControl = maplibregl.Map.prototype.addControl;
maplibregl.Map.prototype.addControl = function (this: maplibregl.Map, ...args) {
  map ??= this as unknown as ProbeMap;
  return addControl.apply(this, args);
};

const bench = publish(probe, feed);
const root = document.getElementById('root');
if (!root) throw new Error('#root missing');
createRoot(root).render(
  <StrictMode>
    <MantineProvider theme={theme}>
      <QueryClientProvider client={queryClient}>
        <div style={{ height: '100vh', display: 'flex', flexDirection: 'column' }}>
          <DriversMap />
        </div>
      </QueryClientProvider>
    </MantineProvider>
  </StrictMode>,
);

const expected = String(params.drivers);
whenDrawn(
  {
    // whenDrawn needs the map before it exists: wait for it inside `ready`.
    once: (type) => (map as ProbeMap).once(type),
    triggerRepaint: () => map?.triggerRepaint(),
  } as ProbeMap,
  () =>
    map !== null &&
    map.getSource('drivers') !== undefined &&
    map.getSource('zones') !== undefined &&
    document.querySelector<HTMLElement>('[data-testid="drivers-map-panel"]')?.dataset
      .driverCount === expected,
)
  .then(() => {
    const drawn = map as ProbeMap;
    probe.attach(drawn, 'drivers');
    markDrawn(bench, drawn);
  })
  .catch((error: unknown) => {
    bench.error = String(error);
  });

// The only module that loads maplibre at run time: MapCanvas imports it, and MapCanvas is
// lazy, so login, dashboard and order lists never download the map (DESIGN §8).
import * as maplibregl from 'maplibre-gl';
import 'maplibre-gl/dist/maplibre-gl.css';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';

// DESIGN §2: maplibre 6 has no default export and needs its worker URL passed explicitly.
maplibregl.setWorkerUrl(workerUrl);

export { maplibregl };

// The only module that loads maplibre at run time: MapCanvas imports it, and MapCanvas is
// lazy, so login, dashboard and order lists never download the map.
import * as maplibregl from 'maplibre-gl';
import 'maplibre-gl/dist/maplibre-gl.css';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';

// Maplibre 6 has no default export and needs its worker URL passed explicitly.
maplibregl.setWorkerUrl(workerUrl);

export { maplibregl };

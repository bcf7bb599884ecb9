import type { PlaceDetails } from '@common/places/places.schema';
import { json } from './fetch-stub';

/** The one street the forms' tests pick: its details, as the place service answers them. */
export const stefanCelMare: PlaceDetails = {
  place_id: 'osm:1',
  name: 'Ștefan cel Mare 1',
  lat: 47.17,
  lng: 27.58,
  is_internal: false,
  comment: null,
  bloc: null,
  scara: null,
  reper: null,
};

/**
 * The address service's two calls behind an address pick (Address service): the search
 * suggests only `stefanCelMare`, and its details answer it. Spread into a `stubFetch` table.
 */
export const onePlaceRoutes = {
  'POST /geo/places-search-new': () =>
    json(200, {
      predictions: [
        { place_id: 'osm:1', description: 'Strada Ștefan cel Mare 1, Iași', terms: [] },
      ],
    }),
  'GET /geo/place-details-new/osm%3A1': () => json(200, stefanCelMare),
};

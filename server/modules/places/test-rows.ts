import { searchTextOf } from './osm-import';
import type { GazetteerRow } from './places.repo';

let osmId = 1;

/** A gazetteer row for tests: an Iași street (a way) or node, with its search text. */
export const gazetteerRow = (
  kind: GazetteerRow['kind'],
  name: string,
  lat: number,
  lng: number,
  extra: Partial<GazetteerRow> = {},
): GazetteerRow => {
  const base = {
    osm_type: kind === 'street' ? 'w' : 'n',
    osm_id: osmId++,
    kind,
    name,
    street: null,
    housenumber: null,
    city: kind === 'locality' ? null : 'Iași',
    county: 'Iași',
    lat,
    lng,
    ...extra,
  };
  return { ...base, search_text: searchTextOf(base) };
};

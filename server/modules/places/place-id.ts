/**
 * The place ids this service issues (predictions carry a place_id the web sends back to
 * place-details): `internal:<id>` for places saved by operators, `osm:<n|w><id>` for the
 * gazetteer, `ext:<provider>:<id>` for an external geocoder's own id.
 */
export type PlaceRef =
  | { source: 'internal'; id: number }
  | { source: 'osm'; osmType: string; osmId: number }
  | { source: 'ext'; provider: string; id: string };

export const internalPlaceId = (id: number) => `internal:${id}`;
export const osmPlaceId = (osmType: string, osmId: number) => `osm:${osmType}${osmId}`;
export const externalPlaceId = (provider: string, id: string) => `ext:${provider}:${id}`;

const INTERNAL = /^internal:(\d{1,10})$/;
const OSM = /^osm:([nwr])(\d{1,15})$/;
const EXTERNAL = /^ext:([a-z]+):(.+)$/;

/** Reads a place id; a bare number is an internal place (delete-place/{id}). */
export function parsePlaceId(value: string): PlaceRef | null {
  const bare = /^\d{1,10}$/.test(value) ? Number(value) : undefined;
  const internal = INTERNAL.exec(value);
  const id = bare ?? (internal ? Number(internal[1]) : undefined);
  if (id !== undefined) return id > 0 && id <= 2_147_483_647 ? { source: 'internal', id } : null;
  const osm = OSM.exec(value);
  if (osm) return { source: 'osm', osmType: osm[1] as string, osmId: Number(osm[2]) };
  const external = EXTERNAL.exec(value);
  if (external)
    return { source: 'ext', provider: external[1] as string, id: external[2] as string };
  return null;
}

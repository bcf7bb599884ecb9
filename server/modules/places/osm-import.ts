import { createReadStream } from 'node:fs';
import type { Readable } from 'node:stream';
import type { DbOrTx } from '../../db/client';
import { type OsmElement, readOsm } from './osm-xml';
import { type GazetteerKind, type GazetteerRow, upsertGazetteer } from './places.repo';

/**
 * Loads an OpenStreetMap extract into the shared gazetteer. The CLI
 * (import-cli.ts) and the demo seed use this same code.
 *
 * - nodes tagged `place=city|town|village|…` with a name → localities;
 * - `addr:housenumber` + `addr:street` (node or way) → houses;
 * - ways tagged `highway=<road>` with a name → one street point at the centroid of its nodes;
 * - other named nodes and ways with a point-of-interest key (amenity, shop, tourism …) → places.
 *
 * Rows are upserted on (osm_type, osm_id), so importing the same file again changes nothing.
 */

export interface ImportOptions {
  /** The city for rows with no `addr:city` and no locality around them. */
  city?: string;
  county?: string;
  /** Rows per INSERT statement (≥ 500). */
  batchSize?: number;
}

export interface ImportStats {
  streets: number;
  houses: number;
  localities: number;
  places: number;
  /** INSERT statements sent. */
  batches: number;
}

/** Road types a dispatcher sends a car to; footways and tracks are left out. */
const ROADS = new Set([
  'motorway',
  'trunk',
  'primary',
  'secondary',
  'tertiary',
  'unclassified',
  'residential',
  'living_street',
  'service',
  'pedestrian',
  'road',
  'motorway_link',
  'trunk_link',
  'primary_link',
  'secondary_link',
  'tertiary_link',
]);

/** Localities and how far (metres) a street may be from the locality's node to belong to it. */
const LOCALITY_REACH_M: Record<string, number> = {
  city: 12_000,
  town: 5_000,
  village: 2_500,
  hamlet: 1_000,
  suburb: 0,
  neighbourhood: 0,
  quarter: 0,
};

/** Keys that make a named node or way a place worth finding (`place` covers squares). */
const POI_KEYS = [
  'place',
  'amenity',
  'shop',
  'tourism',
  'leisure',
  'historic',
  'office',
  'healthcare',
  'railway',
  'aeroway',
  'public_transport',
  'building',
  'craft',
  'man_made',
];

interface Entry extends Omit<GazetteerRow, 'search_text'> {}

interface Locality {
  name: string;
  lat: number;
  lng: number;
  reach: number;
}

/** Growable coordinate store: every node's position, for the centroids of ways. */
class NodeCoordinates {
  private index = new Map<number, number>();
  private lat = new Float64Array(1024);
  private lng = new Float64Array(1024);
  set(id: number, lat: number, lng: number) {
    let slot = this.index.get(id);
    if (slot === undefined) {
      slot = this.index.size;
      if (slot >= this.lat.length) {
        const grow = (old: Float64Array) => {
          const next = new Float64Array(old.length * 2);
          next.set(old);
          return next;
        };
        this.lat = grow(this.lat);
        this.lng = grow(this.lng);
      }
      this.index.set(id, slot);
    }
    this.lat[slot] = lat;
    this.lng[slot] = lng;
  }
  centroid(refs: readonly number[]): { lat: number; lng: number } | null {
    let lat = 0;
    let lng = 0;
    let found = 0;
    // A closed way repeats its first node: count it once.
    const last =
      refs.length > 1 && refs[0] === refs[refs.length - 1] ? refs.length - 1 : refs.length;
    for (let i = 0; i < last; i++) {
      const slot = this.index.get(refs[i] as number);
      if (slot === undefined) continue;
      lat += this.lat[slot] as number;
      lng += this.lng[slot] as number;
      found++;
    }
    return found === 0 ? null : { lat: lat / found, lng: lng / found };
  }
}

const metres = (lat1: number, lng1: number, lat2: number, lng2: number) => {
  const dy = (lat2 - lat1) * 111_320;
  const dx = (lng2 - lng1) * 111_320 * Math.cos((lat1 * Math.PI) / 180);
  return Math.hypot(dx, dy);
};

/** The locality a point belongs to: the one it is relatively nearest to, within its reach. */
function localityOf(localities: readonly Locality[], lat: number, lng: number): string | null {
  let best: string | null = null;
  let bestScore = 1;
  for (const locality of localities) {
    const score = metres(lat, lng, locality.lat, locality.lng) / locality.reach;
    if (score <= bestScore) {
      bestScore = score;
      best = locality.name;
    }
  }
  return best;
}

function classify(
  element: OsmElement,
  at: { lat: number; lng: number },
): (Omit<Entry, 'city' | 'county'> & { addrCity: string | null }) | null {
  const tags = element.tags;
  const name = tags.get('name')?.trim() || null;
  const street = tags.get('addr:street')?.trim() || null;
  const housenumber = tags.get('addr:housenumber')?.trim() || null;
  const place = tags.get('place');
  const base = {
    osm_type: element.type === 'node' ? 'n' : 'w',
    osm_id: element.id,
    lat: at.lat,
    lng: at.lng,
    addrCity: tags.get('addr:city')?.trim() || null,
  };
  let kind: GazetteerKind | null = null;
  let label: string | null = null;
  if (element.type === 'node' && place && place in LOCALITY_REACH_M && name) {
    kind = 'locality';
    label = name;
  } else if (element.type === 'way' && name && ROADS.has(tags.get('highway') ?? '')) {
    kind = 'street';
    label = name;
  } else if (name && POI_KEYS.some((key) => tags.has(key))) {
    kind = 'place';
    label = name;
  } else if (street && housenumber) {
    kind = 'house';
    label = `${street} ${housenumber}`;
  }
  if (!kind || !label) return null;
  return {
    ...base,
    kind,
    name: label,
    street: kind === 'street' ? label : street,
    housenumber: kind === 'street' || kind === 'locality' ? null : housenumber,
  };
}

/** The text the trigram index matches: name, address and city (accents kept; SQL strips them). */
export function searchTextOf(row: {
  name: string;
  street: string | null;
  housenumber: string | null;
  city: string | null;
  kind: string;
}): string {
  const parts = [row.name];
  if (row.kind === 'place' && row.street) {
    parts.push(row.housenumber ? `${row.street} ${row.housenumber}` : row.street);
  }
  if (row.city && row.city !== row.name) parts.push(row.city);
  return parts.join(' ');
}

export async function importOsm(
  db: DbOrTx,
  input: Readable,
  options: ImportOptions = {},
): Promise<ImportStats> {
  const batchSize = Math.max(1, options.batchSize ?? 1000);
  const coordinates = new NodeCoordinates();
  const localities: Locality[] = [];
  const pending: (Omit<Entry, 'city' | 'county'> & { addrCity: string | null })[] = [];
  const stats: ImportStats = { streets: 0, houses: 0, localities: 0, places: 0, batches: 0 };

  for await (const element of readOsm(input)) {
    let at: { lat: number; lng: number } | null;
    if (element.type === 'node') {
      if (!Number.isFinite(element.lat) || !Number.isFinite(element.lon)) continue;
      coordinates.set(element.id, element.lat, element.lon);
      if (element.tags.size === 0) continue;
      at = { lat: element.lat, lng: element.lon };
    } else {
      if (element.tags.size === 0) continue;
      at = coordinates.centroid(element.refs);
    }
    if (!at) continue;
    const entry = classify(element, at);
    if (!entry) continue;
    if (entry.kind === 'locality') {
      const reach = LOCALITY_REACH_M[element.tags.get('place') ?? ''] ?? 0;
      if (reach > 0) localities.push({ name: entry.name, lat: at.lat, lng: at.lng, reach });
    }
    pending.push(entry);
  }

  // Cities are resolved once every locality is known (they may come after the streets).
  let batch: GazetteerRow[] = [];
  const flush = async () => {
    if (batch.length === 0) return;
    await upsertGazetteer(db, batch);
    stats.batches++;
    batch = [];
  };
  for (const { addrCity, ...entry } of pending) {
    const city =
      entry.kind === 'locality'
        ? null
        : (addrCity ?? localityOf(localities, entry.lat, entry.lng) ?? options.city ?? null);
    const row = { ...entry, city, county: options.county ?? null };
    batch.push({ ...row, search_text: searchTextOf(row) });
    if (entry.kind === 'street') stats.streets++;
    else if (entry.kind === 'house') stats.houses++;
    else if (entry.kind === 'locality') stats.localities++;
    else stats.places++;
    if (batch.length >= batchSize) await flush();
  }
  await flush();
  return stats;
}

export const importOsmFile = (db: DbOrTx, file: string, options: ImportOptions = {}) =>
  importOsm(db, createReadStream(file), options);

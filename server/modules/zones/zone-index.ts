import { haversineMeters } from '@common/lib/geo';
import { openRing } from '@common/zones/zones.rules';
import Flatbush from 'flatbush';
import pointInPolygon from 'point-in-polygon-hao';
import type { StoredLatLong } from '../../db/schema/zones';

/** A zone as the index is built from it (zones.repo loadAllZones). */
export interface ZoneRow {
  id: number;
  company_id: number;
  name: string;
  isVisible: boolean;
  priority: number;
  paths: StoredLatLong[];
}

/** A stand as the index is built from it: a point with a radius (metres) or an outline. */
export interface StandRow {
  id: number;
  company_id: number;
  name: string;
  lat: number;
  long: number;
  radius: number | null;
  paths: StoredLatLong[] | null;
}

export interface ZoneSummary {
  id: number;
  name: string;
  priority: number;
  isVisible: boolean;
}

export type StandSummary = Omit<StandRow, 'company_id'>;

/** Where a point is: the one zone it counts in (or none) and every stand it stands at. */
export interface ZoneLocation {
  polygonId: number | null;
  /** Ascending. */
  standIds: readonly number[];
}

export interface ZoneIndex {
  /**
   * The zone and stands of `companyIds` at a point. Where zones overlap the highest `priority`
   * wins, then the lowest id, so a small zone of higher priority inside a large one works as
   * the large one's hole. A point on an edge is inside. `isVisible` only decides what the map
   * draws: a hidden zone still counts.
   */
  locate(companyIds: readonly number[], long: number, lat: number): ZoneLocation;
  /** A company's zones, highest priority first (then lowest id). */
  polygonsOf(companyId: number): readonly ZoneSummary[];
  /** A company's stands, by id. */
  standsOf(companyId: number): readonly StandSummary[];
  /** A zone by id, whatever its company (the caller knows whose it asks for). */
  polygon(id: number): ZoneSummary | undefined;
  /**
   * The zones of the same company near a zone (the dispatch engine's by_near_zone):
   * those whose bounding box comes within `marginM` metres of its own, itself excluded.
   */
  neighbours(polygonId: number, marginM: number): number[];
}

/** GeoJSON-style rings ([long, lat], closed) for point-in-polygon-hao. */
type Rings = number[][][];

interface IndexedZone extends ZoneSummary {
  rings: Rings;
  /** [minLong, minLat, maxLong, maxLat]. */
  box: [number, number, number, number];
}

interface IndexedStand extends StandSummary {
  rings: Rings | null;
}

interface CompanyZones {
  /** Ranked: priority descending, then id ascending; a zone's rank is its Flatbush item number. */
  zones: IndexedZone[];
  zoneTree: Flatbush | null;
  stands: IndexedStand[];
  standTree: Flatbush | null;
  zoneSummaries: readonly ZoneSummary[];
  standSummaries: readonly StandSummary[];
}

const NOWHERE: ZoneLocation = Object.freeze({ polygonId: null, standIds: Object.freeze([]) });
const NONE: readonly never[] = Object.freeze([]);

/** Metres in a degree of latitude (and of longitude at the equator) on the mean sphere. */
const METRES_PER_DEGREE = 111_195;

/** The closed ring of an outline; validated outlines (zones.rules) have at least 3 corners. */
function ringsOf(paths: readonly StoredLatLong[]): Rings {
  const ring = openRing(paths).map((p) => [p.long, p.lat]);
  const first = ring[0];
  if (first) ring.push([first[0] as number, first[1] as number]);
  return [ring];
}

function addOutline(tree: Flatbush, rings: Rings): void {
  const [minX, minY, maxX, maxY] = boxOf(rings);
  tree.add(minX, minY, maxX, maxY);
}

function boxOf(rings: Rings): [number, number, number, number] {
  let minX = Number.POSITIVE_INFINITY;
  let minY = Number.POSITIVE_INFINITY;
  let maxX = Number.NEGATIVE_INFINITY;
  let maxY = Number.NEGATIVE_INFINITY;
  for (const [x = 0, y = 0] of rings[0] ?? []) {
    if (x < minX) minX = x;
    if (x > maxX) maxX = x;
    if (y < minY) minY = y;
    if (y > maxY) maxY = y;
  }
  return [minX, minY, maxX, maxY];
}

/** A radius stand's box, a little wider than the circle (the exact test is the distance). */
function addCircle(tree: Flatbush, lat: number, long: number, radius: number): void {
  const dLat = (radius / METRES_PER_DEGREE) * 1.01;
  const dLong = dLat / Math.max(Math.cos((lat * Math.PI) / 180), 0.01);
  tree.add(long - dLong, lat - dLat, long + dLong, lat + dLat);
}

const inside = (rings: Rings, point: number[]) => pointInPolygon(point, rings) !== false;

function buildCompany(zoneRows: ZoneRow[], standRows: StandRow[]): CompanyZones {
  const zones: IndexedZone[] = zoneRows
    .map((z) => ({
      id: z.id,
      name: z.name,
      priority: z.priority,
      isVisible: z.isVisible,
      rings: ringsOf(z.paths),
      box: boxOf(ringsOf(z.paths)),
    }))
    .sort((a, b) => b.priority - a.priority || a.id - b.id);
  let zoneTree: Flatbush | null = null;
  if (zones.length > 0) {
    zoneTree = new Flatbush(zones.length);
    for (const zone of zones) addOutline(zoneTree, zone.rings);
    zoneTree.finish();
  }

  const stands: IndexedStand[] = standRows
    .map(({ company_id: _, ...s }) => ({ ...s, rings: s.paths ? ringsOf(s.paths) : null }))
    .sort((a, b) => a.id - b.id);
  let standTree: Flatbush | null = null;
  if (stands.length > 0) {
    standTree = new Flatbush(stands.length);
    for (const stand of stands) {
      if (stand.rings) addOutline(standTree, stand.rings);
      else addCircle(standTree, stand.lat, stand.long, stand.radius ?? 0);
    }
    standTree.finish();
  }

  return {
    zones,
    zoneTree,
    stands,
    standTree,
    zoneSummaries: Object.freeze(
      zones.map(({ id, name, priority, isVisible }) => ({ id, name, priority, isVisible })),
    ),
    standSummaries: Object.freeze(stands.map(({ rings: _, ...s }) => s)),
  };
}

function groupBy<T extends { company_id: number }>(rows: readonly T[]): Map<number, T[]> {
  const groups = new Map<number, T[]>();
  for (const row of rows) {
    const group = groups.get(row.company_id);
    if (group) group.push(row);
    else groups.set(row.company_id, [row]);
  }
  return groups;
}

/**
 * Every company's zones and stands in memory, for the hot path of driver positions (
 * bounding boxes in a Flatbush per company, then the exact point-in-polygon test or
 * the haversine distance on the few candidates). Immutable: the follower swaps in a new index
 * when zones change (zone-index-follower.ts).
 */
export function createZoneIndex(rows: {
  zones: readonly ZoneRow[];
  stands: readonly StandRow[];
}): ZoneIndex {
  const zonesByCompany = groupBy(rows.zones);
  const standsByCompany = groupBy(rows.stands);
  const companies = new Map<number, CompanyZones>();
  for (const companyId of new Set([...zonesByCompany.keys(), ...standsByCompany.keys()])) {
    companies.set(
      companyId,
      buildCompany(zonesByCompany.get(companyId) ?? [], standsByCompany.get(companyId) ?? []),
    );
  }
  const byId = new Map<number, ZoneSummary>();
  const zoneById = new Map<number, { zone: IndexedZone; company: CompanyZones }>();
  for (const company of companies.values()) {
    for (const zone of company.zoneSummaries) byId.set(zone.id, zone);
    for (const zone of company.zones) zoneById.set(zone.id, { zone, company });
  }

  function neighbours(polygonId: number, marginM: number): number[] {
    const found = zoneById.get(polygonId);
    if (!found) return [];
    const [minX, minY, maxX, maxY] = found.zone.box;
    const dLat = marginM / METRES_PER_DEGREE;
    const dLong = dLat / Math.max(Math.cos((((minY + maxY) / 2) * Math.PI) / 180), 0.01);
    return found.company.zones
      .filter(
        ({ id, box }) =>
          id !== polygonId &&
          box[0] <= maxX + dLong &&
          box[2] >= minX - dLong &&
          box[1] <= maxY + dLat &&
          box[3] >= minY - dLat,
      )
      .map(({ id }) => id);
  }

  function locate(companyIds: readonly number[], long: number, lat: number): ZoneLocation {
    let best: IndexedZone | null = null;
    let standIds: number[] | null = null;
    let point: number[] | null = null;
    for (const companyId of companyIds) {
      const company = companies.get(companyId);
      if (!company) continue;
      if (company.zoneTree) {
        const candidates = company.zoneTree.search(long, lat, long, lat);
        for (const rank of candidates) {
          const zone = company.zones[rank] as IndexedZone;
          if (
            best &&
            (zone.priority < best.priority ||
              (zone.priority === best.priority && zone.id > best.id))
          ) {
            continue;
          }
          point ??= [long, lat];
          if (inside(zone.rings, point)) best = zone;
        }
      }
      if (company.standTree) {
        for (const n of company.standTree.search(long, lat, long, lat)) {
          const stand = company.stands[n] as IndexedStand;
          point ??= [long, lat];
          const at = stand.rings
            ? inside(stand.rings, point)
            : haversineMeters(lat, long, stand.lat, stand.long) <= (stand.radius ?? 0);
          if (!at) continue;
          if (standIds) standIds.push(stand.id);
          else standIds = [stand.id];
        }
      }
    }
    if (!best && !standIds) return NOWHERE;
    if (standIds && standIds.length > 1) standIds.sort((a, b) => a - b);
    return { polygonId: best?.id ?? null, standIds: standIds ?? NONE };
  }

  return {
    locate,
    polygonsOf: (companyId) => companies.get(companyId)?.zoneSummaries ?? NONE,
    standsOf: (companyId) => companies.get(companyId)?.standSummaries ?? NONE,
    polygon: (id) => byId.get(id),
    neighbours,
  };
}

/** An index with no zones (before the first load). */
export const EMPTY_ZONE_INDEX: ZoneIndex = createZoneIndex({ zones: [], stands: [] });

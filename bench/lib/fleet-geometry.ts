import { seededRandom } from '../../server/db/seeded-random';
import type { StandRow, ZoneRow } from '../../server/modules/zones/zone-index';

/**
 * The fleet benchmarks' city: a Bucharest-like box
 * (44.35–44.50 N, 26.0–26.2 E), 50 zones of 65 corners each and 10 stands per company, drivers
 * spread uniformly, all from fixed seeds so every run and machine draws the same map.
 */
export const BOX = { south: 44.35, north: 44.5, west: 26.0, east: 26.2 } as const;
export const ZONES_PER_COMPANY = 50;
export const ZONE_CORNERS = 65;
export const STANDS_PER_COMPANY = 10;
export const STAND_RADIUS_M = 300;

const COLUMNS = 10;
const ROWS = 5;

/** A point in the box. */
export function randomPoint(next: () => number): { long: number; lat: number } {
  return {
    long: BOX.west + next() * (BOX.east - BOX.west),
    lat: BOX.south + next() * (BOX.north - BOX.south),
  };
}

export interface ZoneShape {
  name: string;
  priority: number;
  center: { long: number; lat: number };
  paths: { lat: number; long: number }[];
}

/**
 * 50 star-shaped outlines on a 10 × 5 grid over the box: corners at increasing angles around
 * the cell's centre with a radius of 0.55–0.75 of the cell, so each outline is simple (never
 * self-intersecting), concave, and overlaps its neighbours a little; priorities 0–2 decide the
 * overlaps, as zones do. The same 50 for every company.
 */
export function zoneShapes(): ZoneShape[] {
  const next = seededRandom(20_261_117);
  const width = (BOX.east - BOX.west) / COLUMNS;
  const height = (BOX.north - BOX.south) / ROWS;
  const shapes: ZoneShape[] = [];
  for (let row = 0; row < ROWS; row++) {
    for (let column = 0; column < COLUMNS; column++) {
      const center = {
        long: BOX.west + (column + 0.5) * width,
        lat: BOX.south + (row + 0.5) * height,
      };
      const paths: { lat: number; long: number }[] = [];
      for (let k = 0; k < ZONE_CORNERS; k++) {
        const angle = (2 * Math.PI * k) / ZONE_CORNERS;
        const scale = 0.55 + next() * 0.2;
        paths.push({
          long: center.long + Math.cos(angle) * width * scale,
          lat: center.lat + Math.sin(angle) * height * scale,
        });
      }
      shapes.push({
        name: `Zona ${row * COLUMNS + column + 1}`,
        priority: Math.floor(next() * 3),
        center,
        paths,
      });
    }
  }
  return shapes;
}

/** Ten radius stands per company, at the centres of every fifth zone. */
export function standCenters(): { long: number; lat: number }[] {
  return zoneShapes()
    .filter((_, i) => i % 5 === 0)
    .slice(0, STANDS_PER_COMPANY)
    .map((zone) => zone.center);
}

/** The zone index's rows for these companies, without a database (driver-search bench). */
export function zoneRows(companyIds: readonly number[]): { zones: ZoneRow[]; stands: StandRow[] } {
  const zones: ZoneRow[] = [];
  const stands: StandRow[] = [];
  for (const companyId of companyIds) {
    for (const shape of zoneShapes()) {
      zones.push({
        id: zones.length + 1,
        company_id: companyId,
        name: shape.name,
        isVisible: true,
        priority: shape.priority,
        paths: shape.paths,
      });
    }
    standCenters().forEach((center, i) => {
      stands.push({
        id: stands.length + 1,
        company_id: companyId,
        name: `Stație ${i + 1}`,
        lat: center.lat,
        long: center.long,
        radius: STAND_RADIUS_M,
        paths: null,
      });
    });
  }
  return { zones, stands };
}

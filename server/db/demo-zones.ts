import { PolygonBodySchema, StandBodySchema } from '@common/zones/zones.schema';
import { insertPolygon, insertStand } from '../modules/zones/zones.repo';
import type { DbOrTx } from './client';

/** A corner as [lat, long]: the outlines below read as a list of points. */
type Corner = readonly [number, number];

const outline = (corners: readonly Corner[]) => corners.map(([lat, long]) => ({ lat, long }));

/**
 * Iași's neighbourhoods around the taxi company, approximate outlines that share their
 * borders, so 'Zone', 'Statistici zone' and the maps' zone layer have something true to show and
 * the zone searches find drivers. The centre wins where two touch.
 */
const IASI_ZONES: readonly { name: string; priority: number; corners: readonly Corner[] }[] = [
  {
    name: 'Centru',
    priority: 10,
    corners: [
      [47.156, 27.574],
      [47.1665, 27.57],
      [47.17, 27.58],
      [47.169, 27.593],
      [47.159, 27.596],
      [47.1545, 27.586],
    ],
  },
  {
    name: 'Copou',
    priority: 0,
    corners: [
      [47.1665, 27.57],
      [47.176, 27.558],
      [47.188, 27.56],
      [47.186, 27.585],
      [47.176, 27.6],
      [47.169, 27.593],
      [47.17, 27.58],
    ],
  },
  {
    name: 'Tătărași',
    priority: 0,
    corners: [
      [47.159, 27.596],
      [47.169, 27.593],
      [47.176, 27.6],
      [47.174, 27.62],
      [47.162, 27.623],
      [47.157, 27.61],
    ],
  },
  {
    name: 'Podu Roș',
    priority: 0,
    corners: [
      [47.1545, 27.586],
      [47.159, 27.596],
      [47.157, 27.61],
      [47.162, 27.623],
      [47.15, 27.625],
      [47.146, 27.595],
    ],
  },
  {
    name: 'Nicolina',
    priority: 0,
    corners: [
      [47.146, 27.595],
      [47.1545, 27.586],
      [47.156, 27.574],
      [47.15, 27.575],
      [47.138, 27.57],
      [47.13, 27.58],
      [47.133, 27.6],
    ],
  },
  {
    name: 'Păcurari',
    priority: 0,
    corners: [
      [47.1665, 27.57],
      [47.161, 27.556],
      [47.166, 27.535],
      [47.18, 27.535],
      [47.176, 27.558],
    ],
  },
  {
    name: 'Alexandru cel Bun',
    priority: 0,
    corners: [
      [47.15, 27.575],
      [47.156, 27.574],
      [47.1665, 27.57],
      [47.161, 27.556],
      [47.166, 27.535],
      [47.148, 27.535],
    ],
  },
];

/** Where the taxis queue in Iași: three points with a radius and one small outline. */
const IASI_STANDS = [
  { name: 'Gara', lat: 47.1656, long: 27.5675, radius: 80, paths: null },
  { name: 'Piața Unirii', lat: 47.165, long: 27.5818, radius: 60, paths: null },
  { name: 'Palas', lat: 47.1547, long: 27.5896, radius: 80, paths: null },
  {
    name: 'Iulius Mall',
    lat: 47.1566,
    long: 27.6045,
    radius: null,
    paths: outline([
      [47.156, 27.6035],
      [47.1572, 27.6035],
      [47.1572, 27.6056],
      [47.156, 27.6056],
    ]),
  },
];

/** Cluj-Napoca's neighbourhoods around the courier company (Gheorgheni holds its office). */
const CLUJ_ZONES: readonly { name: string; priority: number; corners: readonly Corner[] }[] = [
  {
    name: 'Centru',
    priority: 10,
    corners: [
      [46.764, 23.578],
      [46.777, 23.578],
      [46.774, 23.601],
      [46.765, 23.602],
    ],
  },
  {
    name: 'Mărăști',
    priority: 0,
    corners: [
      [46.774, 23.601],
      [46.786, 23.599],
      [46.788, 23.63],
      [46.773, 23.632],
    ],
  },
  {
    name: 'Gheorgheni',
    priority: 0,
    corners: [
      [46.765, 23.602],
      [46.774, 23.601],
      [46.773, 23.632],
      [46.762, 23.635],
    ],
  },
  {
    name: 'Mănăștur',
    priority: 0,
    corners: [
      [46.748, 23.54],
      [46.762, 23.542],
      [46.764, 23.57],
      [46.75, 23.572],
    ],
  },
];

async function seedZones(
  db: DbOrTx,
  companyId: number,
  zones: readonly { name: string; priority: number; corners: readonly Corner[] }[],
) {
  for (const zone of zones) {
    // The editor's own checks (outline rules), then its own write.
    const body = PolygonBodySchema.parse({
      name: zone.name,
      priority: zone.priority,
      paths: outline(zone.corners),
    });
    await insertPolygon(db, companyId, body);
  }
}

/** The demo's zones and stands: the taxi company's in Iași, the courier company's in Cluj. */
export async function seedDemoZones(
  db: DbOrTx,
  input: { taxiCompanyId: number; courierCompanyId: number },
): Promise<void> {
  await seedZones(db, input.taxiCompanyId, IASI_ZONES);
  for (const stand of IASI_STANDS) {
    await insertStand(db, input.taxiCompanyId, StandBodySchema.parse(stand));
  }
  await seedZones(db, input.courierCompanyId, CLUJ_ZONES);
}

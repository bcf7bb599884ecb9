import type {
  Polygon,
  PolygonBody,
  PolygonPatch,
  StandBody,
  StandPatch,
} from '@common/zones/zones.schema';
import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { polygons, stands, zonesRevision } from '../../db/schema';
import { utcNow } from '../../db/schema/columns';
import type { StandRow, ZoneRow } from './zone-index';

/** Polygon as the wire has it (`is_visible` → `isVisible`). */
const polygonColumns = {
  id: polygons.id,
  name: polygons.name,
  isVisible: polygons.is_visible,
  priority: polygons.priority,
  paths: polygons.paths,
  updated_at: polygons.updated_at,
};

/** A stand without its queue (the drivers' live index fills it in, zones.service). */
const standColumns = {
  id: stands.id,
  name: stands.name,
  lat: stands.lat,
  long: stands.long,
  radius: stands.radius,
  paths: stands.paths,
  updated_at: stands.updated_at,
};

/** A stand as stored; its wire form adds the queue. */
export type StandRecord = {
  id: number;
  name: string;
  lat: number;
  long: number;
  radius: number | null;
  paths: { lat: number; long: number }[] | null;
  updated_at: string;
};

/** A write and the zones revision it produced. */
export interface Revised<T> {
  row: T;
  revision: number;
}

/**
 * Moves the zones revision on: the last statement of every write's transaction, so its row lock
 * is held only for the commit, and the number every node compares with its index
 * (zone-index-follower.ts) moves exactly when a write commits.
 */
async function bumpRevision(tx: DbOrTx): Promise<number> {
  const [row] = await tx
    .update(zonesRevision)
    .set({ revision: sql`${zonesRevision.revision} + 1` })
    .where(eq(zonesRevision.id, 1))
    .returning({ revision: zonesRevision.revision });
  if (!row) throw new Error('zones_revision has no row (migration 0010)');
  return Number(row.revision);
}

export async function readRevision(db: Db): Promise<number> {
  const [row] = await db
    .select({ revision: zonesRevision.revision })
    .from(zonesRevision)
    .where(eq(zonesRevision.id, 1));
  return Number(row?.revision ?? 0);
}

/** Every company's zones and stands, for the in-memory index. */
export async function loadAllZones(db: Db): Promise<{ zones: ZoneRow[]; stands: StandRow[] }> {
  const [zoneRows, standRows] = await Promise.all([
    db
      .select({
        id: polygons.id,
        company_id: polygons.company_id,
        name: polygons.name,
        isVisible: polygons.is_visible,
        priority: polygons.priority,
        paths: polygons.paths,
      })
      .from(polygons),
    db
      .select({
        id: stands.id,
        company_id: stands.company_id,
        name: stands.name,
        lat: stands.lat,
        long: stands.long,
        radius: stands.radius,
        paths: stands.paths,
      })
      .from(stands),
  ]);
  return { zones: zoneRows, stands: standRows };
}

const ofPolygon = (companyIds: readonly number[], id: number) =>
  and(eq(polygons.id, id), inArray(polygons.company_id, [...companyIds]));
const ofStand = (companyIds: readonly number[], id: number) =>
  and(eq(stands.id, id), inArray(stands.company_id, [...companyIds]));

// ── zones ────────────────────────────────────────────────────────────────────────────────────

export async function listPolygons(db: Db, companyIds: readonly number[]): Promise<Polygon[]> {
  if (companyIds.length === 0) return [];
  return db
    .select(polygonColumns)
    .from(polygons)
    .where(inArray(polygons.company_id, [...companyIds]))
    .orderBy(asc(polygons.name), asc(polygons.id));
}

export async function findPolygon(
  db: Db,
  companyIds: readonly number[],
  id: number,
): Promise<Polygon | undefined> {
  if (companyIds.length === 0) return undefined;
  const [row] = await db.select(polygonColumns).from(polygons).where(ofPolygon(companyIds, id));
  return row;
}

export async function insertPolygon(
  db: DbOrTx,
  companyId: number,
  body: PolygonBody,
): Promise<Revised<Polygon>> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(polygons)
      .values({
        company_id: companyId,
        name: body.name,
        is_visible: body.isVisible,
        priority: body.priority,
        paths: body.paths,
      })
      .returning(polygonColumns);
    if (!row) throw new Error('zone was not inserted');
    return { row, revision: await bumpRevision(tx) };
  });
}

/** Undefined when the caller's companies have no such zone. */
export async function updatePolygon(
  db: Db,
  companyIds: readonly number[],
  id: number,
  patch: PolygonPatch,
): Promise<Revised<Polygon> | undefined> {
  if (companyIds.length === 0) return undefined;
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(polygons)
      .set({
        name: patch.name,
        is_visible: patch.isVisible,
        priority: patch.priority,
        paths: patch.paths,
        updated_at: utcNow,
      })
      .where(ofPolygon(companyIds, id))
      .returning(polygonColumns);
    if (!row) return undefined;
    return { row, revision: await bumpRevision(tx) };
  });
}

/** The new revision, or undefined when the caller's companies have no such zone. */
export async function deletePolygon(
  db: Db,
  companyIds: readonly number[],
  id: number,
): Promise<number | undefined> {
  if (companyIds.length === 0) return undefined;
  return db.transaction(async (tx) => {
    const rows = await tx
      .delete(polygons)
      .where(ofPolygon(companyIds, id))
      .returning({ id: polygons.id });
    return rows.length === 1 ? bumpRevision(tx) : undefined;
  });
}

// ── stands ───────────────────────────────────────────────────────────────────────────────────

export async function listStands(db: Db, companyIds: readonly number[]): Promise<StandRecord[]> {
  if (companyIds.length === 0) return [];
  return db
    .select(standColumns)
    .from(stands)
    .where(inArray(stands.company_id, [...companyIds]))
    .orderBy(asc(stands.name), asc(stands.id));
}

export async function insertStand(
  db: DbOrTx,
  companyId: number,
  body: StandBody,
): Promise<Revised<StandRecord>> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(stands)
      .values({
        company_id: companyId,
        name: body.name,
        lat: body.lat,
        long: body.long,
        radius: body.radius,
        paths: body.paths,
      })
      .returning(standColumns);
    if (!row) throw new Error('stand was not inserted');
    return { row, revision: await bumpRevision(tx) };
  });
}

/** Whether a column is null once the patch is applied: known from the patch, or the row's own. */
const nullAfter = (value: unknown, column: typeof stands.radius | typeof stands.paths): SQL =>
  value === undefined ? sql`(${column} is null)` : value === null ? sql`true` : sql`false`;

export type StandUpdate =
  | ({ outcome: 'updated' } & Revised<StandRecord>)
  | { outcome: 'not_found' }
  | { outcome: 'no_single_shape' };

/**
 * Applies a patch unless the stand would be left with both a radius and an outline, or with
 * neither (StandBodySchema's rule, which a patch can only be judged against with the row): the
 * rule is the UPDATE's own condition, so two patches racing cannot break it between them.
 */
export async function updateStand(
  db: Db,
  companyIds: readonly number[],
  id: number,
  patch: StandPatch,
): Promise<StandUpdate> {
  if (companyIds.length === 0) return { outcome: 'not_found' };
  const updated = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(stands)
      .set({
        name: patch.name,
        lat: patch.lat,
        long: patch.long,
        radius: patch.radius,
        paths: patch.paths,
        updated_at: utcNow,
      })
      .where(
        and(
          ofStand(companyIds, id),
          sql`${nullAfter(patch.radius, stands.radius)} <> ${nullAfter(patch.paths, stands.paths)}`,
        ),
      )
      .returning(standColumns);
    return row ? { row, revision: await bumpRevision(tx) } : undefined;
  });
  if (updated) return { outcome: 'updated', ...updated };
  const [exists] = await db.select({ id: stands.id }).from(stands).where(ofStand(companyIds, id));
  return exists ? { outcome: 'no_single_shape' } : { outcome: 'not_found' };
}

/** The new revision, or undefined when the caller's companies have no such stand. */
export async function deleteStand(
  db: Db,
  companyIds: readonly number[],
  id: number,
): Promise<number | undefined> {
  if (companyIds.length === 0) return undefined;
  return db.transaction(async (tx) => {
    const rows = await tx
      .delete(stands)
      .where(ofStand(companyIds, id))
      .returning({ id: stands.id });
    return rows.length === 1 ? bumpRevision(tx) : undefined;
  });
}

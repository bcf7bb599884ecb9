import type {
  Polygon,
  PolygonBody,
  PolygonPatch,
  Stand,
  StandBody,
  StandPatch,
} from '@common/zones/zones.schema';
import { STAND_SHAPE_REQUIRED } from '@common/zones/zones.schema';
import type { Db } from '../../db/client';
import { notFound, validationFailed } from '../../http/app-error';
import { type AuthContext, ownerOf } from '../../http/auth-context';
import * as repo from './zones.repo';

/** A free driver waiting at a stand (StandQueueEntrySchema). */
export type StandQueueEntry = Stand['queue'][number];

export interface ZonesServiceDeps {
  db: Db;
  /**
   * This node's zone index reads the zones again (zone-index-follower wake): awaited after each
   * write, so the write is in this node's index before its answer leaves.
   */
  refreshIndex: () => Promise<void>;
  /** Tells the other nodes to read the zones again (Publisher.wakeZoneReaders). */
  wakeOthers: (revision: number) => void;
  /** A stand's queue of free drivers in arrival order, from the drivers' live index. */
  standQueue: (standId: number) => StandQueueEntry[];
}

/**
 * Zones (GET /api/polygons) and taxi stands of the caller's
 * companies: a foreign id answers 404 like a missing one.
 */
export function createZonesService(deps: ZonesServiceDeps) {
  const { db } = deps;

  async function revised(revision: number): Promise<void> {
    deps.wakeOthers(revision);
    await deps.refreshIndex();
  }

  const withQueue = (stand: repo.StandRecord): Stand => ({
    ...stand,
    queue: deps.standQueue(stand.id),
  });

  return {
    listPolygons: (auth: AuthContext): Promise<Polygon[]> => repo.listPolygons(db, auth.companyIds),

    async getPolygon(auth: AuthContext, id: number): Promise<Polygon> {
      const polygon = await repo.findPolygon(db, auth.companyIds, id);
      if (!polygon) throw notFound('zone');
      return polygon;
    },

    async createPolygon(auth: AuthContext, body: PolygonBody): Promise<Polygon> {
      const { row, revision } = await repo.insertPolygon(db, ownerOf(auth), body);
      await revised(revision);
      return row;
    },

    async updatePolygon(auth: AuthContext, id: number, patch: PolygonPatch): Promise<Polygon> {
      const updated = await repo.updatePolygon(db, auth.companyIds, id, patch);
      if (!updated) throw notFound('zone');
      await revised(updated.revision);
      return updated.row;
    },

    async deletePolygon(auth: AuthContext, id: number): Promise<void> {
      const revision = await repo.deletePolygon(db, auth.companyIds, id);
      if (revision === undefined) throw notFound('zone');
      await revised(revision);
    },

    listStands: async (auth: AuthContext): Promise<Stand[]> =>
      (await repo.listStands(db, auth.companyIds)).map(withQueue),

    async createStand(auth: AuthContext, body: StandBody): Promise<Stand> {
      const { row, revision } = await repo.insertStand(db, ownerOf(auth), body);
      await revised(revision);
      return withQueue(row);
    },

    async updateStand(auth: AuthContext, id: number, patch: StandPatch): Promise<Stand> {
      const updated = await repo.updateStand(db, auth.companyIds, id, patch);
      if (updated.outcome === 'not_found') throw notFound('stand');
      // Left with both a radius and an outline, or neither: the create rule, judged with the row.
      if (updated.outcome === 'no_single_shape') {
        throw validationFailed({ radius: [STAND_SHAPE_REQUIRED] });
      }
      await revised(updated.revision);
      return withQueue(updated.row);
    },

    async deleteStand(auth: AuthContext, id: number): Promise<void> {
      const revision = await repo.deleteStand(db, auth.companyIds, id);
      if (revision === undefined) throw notFound('stand');
      await revised(revision);
    },
  };
}

export type ZonesService = ReturnType<typeof createZonesService>;

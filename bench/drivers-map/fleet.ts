import type { DriverPosition, DriverState } from '@common/drivers/drivers.schema';
import type { Polygon } from '@common/zones/zones.schema';
import { seededRandom } from '../../server/db/seeded-random';

/**
 * The drivers-map benchmark's fleet: a fixed-seed model of N drivers
 * moving over a Bucharest-like box (44.35–44.50 N, 26.0–26.2 E), in the wire shapes the app
 * receives (`DriverPosition`, `DriverState`), and 50 zones of ~65 corners. The same seed gives
 * both pages the very same sequence of batches.
 */

export const BOX = { south: 44.35, north: 44.5, west: 26.0, east: 26.2 } as const;
export const CENTER = {
  lat: (BOX.south + BOX.north) / 2,
  lng: (BOX.west + BOX.east) / 2,
} as const;
export const COMPANY_ID = 1;

/** The project's fixed-seed generator (mulberry32), pure: it runs in the page too. */
export const random = seededRandom;

const M_PER_DEG_LAT = 111_320;
const M_PER_DEG_LNG = M_PER_DEG_LAT * Math.cos((CENTER.lat * Math.PI) / 180);

interface Mover {
  position: DriverPosition;
  /** Heading in radians and speed in m/s (0–15: a city taxi). */
  heading: number;
  speed: number;
  seq: number;
}

/** A status mix like a busy evening: most free, a quarter busy, some paused, a few offered. */
function status(rand: () => number): Pick<DriverPosition, 'is_busy' | 'is_paused' | 'on_offer'> {
  const r = rand();
  if (r < 0.6) return { is_busy: false, is_paused: false, on_offer: false };
  if (r < 0.85) return { is_busy: true, is_paused: false, on_offer: false };
  if (r < 0.95) return { is_busy: false, is_paused: true, on_offer: false };
  return { is_busy: false, is_paused: false, on_offer: true };
}

const now = () => new Date().toISOString().slice(0, 19).replace('T', ' ');

export class Fleet {
  private readonly rand: () => number;
  private readonly movers: Mover[] = [];

  constructor(
    readonly size: number,
    seed: number,
  ) {
    this.rand = random(seed);
    for (let i = 0; i < size; i++) {
      const userId = 1000 + i;
      this.movers.push({
        position: {
          userId,
          // 5% without a call sign: labelled with the user id (docs/DECISIONS.md).
          indicativ: this.rand() < 0.05 ? null : String(100 + i),
          lat: BOX.south + this.rand() * (BOX.north - BOX.south),
          long: BOX.west + this.rand() * (BOX.east - BOX.west),
          ...status(this.rand),
          polygonId: null,
          reported_at: now(),
        },
        heading: this.rand() * 2 * Math.PI,
        speed: this.rand() * 15,
        seq: 1,
      });
    }
  }

  /** Every driver's current position: what `GET /api/drivers-positions` answers. */
  snapshot(): DriverPosition[] {
    return this.movers.map((m) => m.position);
  }

  /**
   * One second of driving for `share` of the fleet (1: everyone reported this second), with 1%
   * of those changing offer state: the next `drivers_positions` batch.
   */
  step(share: number): DriverPosition[] {
    const moved: DriverPosition[] = [];
    const reportedAt = now();
    for (const mover of this.movers) {
      if (share < 1 && this.rand() >= share) continue;
      mover.heading += (this.rand() - 0.5) * 0.6;
      const { position } = mover;
      let lat = position.lat + (Math.cos(mover.heading) * mover.speed) / M_PER_DEG_LAT;
      let long = position.long + (Math.sin(mover.heading) * mover.speed) / M_PER_DEG_LNG;
      if (lat < BOX.south || lat > BOX.north || long < BOX.west || long > BOX.east) {
        mover.heading += Math.PI;
        lat = Math.min(BOX.north, Math.max(BOX.south, lat));
        long = Math.min(BOX.east, Math.max(BOX.west, long));
      }
      const onOffer = this.rand() < 0.01 ? !position.on_offer : position.on_offer;
      mover.position = { ...position, lat, long, on_offer: onOffer, reported_at: reportedAt };
      moved.push(mover.position);
    }
    return moved;
  }

  /** A driver going busy, free, paused or back: one `driver_state_updated` (change number kept). */
  stateChange(): DriverState {
    const mover = this.movers[Math.floor(this.rand() * this.movers.length)] as Mover;
    const next = status(this.rand);
    mover.seq += 1;
    mover.position = { ...mover.position, is_busy: next.is_busy, is_paused: next.is_paused };
    return {
      driver_id: mover.position.userId,
      is_online: true,
      is_paused: next.is_paused,
      is_busy: next.is_busy,
      high_priority: false,
      ban_until: null,
      ban_reason: null,
      idle_from: null,
      seq: mover.seq,
    };
  }
}

/** 50 zones (a 10 × 5 grid over the box), each an irregular ring of 65 corners. */
export function zones(seed: number): Polygon[] {
  const rand = random(seed);
  const cols = 10;
  const rows = 5;
  const cellLat = (BOX.north - BOX.south) / rows;
  const cellLng = (BOX.east - BOX.west) / cols;
  const out: Polygon[] = [];
  for (let row = 0; row < rows; row++) {
    for (let col = 0; col < cols; col++) {
      const lat = BOX.south + (row + 0.5) * cellLat;
      const lng = BOX.west + (col + 0.5) * cellLng;
      const paths: Polygon['paths'] = [];
      for (let k = 0; k < 65; k++) {
        const angle = (k / 65) * 2 * Math.PI;
        const wobble = 0.38 + rand() * 0.1;
        paths.push({
          lat: lat + Math.sin(angle) * cellLat * wobble,
          long: lng + Math.cos(angle) * cellLng * wobble,
        });
      }
      const id = out.length + 1;
      out.push({
        id,
        name: `Zona ${id}`,
        isVisible: true,
        priority: 0,
        paths,
        updated_at: '2026-11-26 08:00:00',
      });
    }
  }
  return out;
}

import type { DriverPosition } from '@common/drivers/drivers.schema';
import { toUtcString } from '@common/lib/dates';
import { around } from 'geokdbush';
import KDBush from 'kdbush';

/** Where a point falls: the zone of highest priority, and the stands it is in. */
export interface ZoneHit {
  polygonId: number | null;
  standIds: readonly number[];
}

/** The zone index (server/modules/zones) as the driver index uses it: one snapshot. */
export interface ZoneLookup {
  locate(companyIds: readonly number[], long: number, lat: number): ZoneHit;
  /** A company's zones (a driver's declared zone must be one of his companies'). */
  polygonsOf(companyId: number): readonly { id: number }[];
}

/**
 * A driver's durable state as the drivers' change stream carries it: written only
 * by the drivers' write path, the same on every node.
 */
export interface DriverStateRow {
  driver_id: number;
  company_ids: number[];
  indicativ: string | null;
  is_online: boolean;
  is_paused: boolean;
  is_busy: boolean;
  high_priority: boolean;
  ban_until: string | null;
  ban_reason: string | null;
  idle_from: string | null;
  /**
   * Bani, his balance with each of his companies (by company id; none: 0): the engine offers
   * nothing to a driver below his company's minimum.
   */
  balances: Readonly<Record<number, number>>;
  seq: number;
}

/** A driver in memory: his durable state and his last position (ephemeral). */
export interface LiveDriver extends DriverStateRow {
  long: number | null;
  lat: number | null;
  polygonId: number | null;
  orderId: number | null;
  /** UTC `YYYY-MM-DD HH:mm:ss` of the position, as the wire carries it. */
  reported_at: string | null;
  /** Epoch ms of the position (silence checks). */
  reportedMs: number;
  /** The stands he is in, each with the epoch ms he arrived (a stand's queue order). */
  stands: Map<number, number>;
  /**
   * The order being offered to him (the red label) and until when (epoch ms): set by
   * the dispatch engine on every node through the bus; an offer past its deadline counts as
   * none, so a lost "withdrawn" message heals itself.
   */
  offerOrderId: number | null;
  offerUntilMs: number;
  /**
   * The zone he placed himself in from his app (currentPosition `polygonId`), one of
   * his companies' zones, or null: the by_near_stand_and_polygon_manually search reads it.
   */
  declaredPolygonId: number | null;
}

/** Whether a driver holds a live offer at `nowMs`. */
export const isOnOffer = (d: LiveDriver, nowMs: number) =>
  d.offerOrderId !== null && d.offerUntilMs > nowMs;

/** Whether a driver is on the map: online with a known position. */
export const isOnMap = (d: LiveDriver): d is LiveDriver & { long: number; lat: number } =>
  d.is_online && d.long !== null && d.lat !== null;

/** Free: online, not paused, not busy, not banned now (`nowUtc` as `YYYY-MM-DD HH:mm:ss`). */
export const isFree = (d: LiveDriver, nowUtc: string) =>
  d.is_online && !d.is_paused && !d.is_busy && !(d.ban_until !== null && d.ban_until > nowUtc);

/**
 * Six decimals of a degree (~0.1 m; a phone's GPS is good to metres): a phone's raw double
 * prints 17 digits, and every dispatcher gets every moved driver each second (bench/
 * position-fanout: 65 → 57 KB/s per dispatcher with 2,000 drivers a company).
 */
const wireDegrees = (degrees: number) => Math.round(degrees * 1e6) / 1e6;

export const toWirePosition = (d: LiveDriver & { long: number; lat: number }): DriverPosition => ({
  userId: d.driver_id,
  indicativ: d.indicativ,
  lat: wireDegrees(d.lat),
  long: wireDegrees(d.long),
  is_busy: d.is_busy,
  is_paused: d.is_paused,
  on_offer: d.offerOrderId !== null && d.offerUntilMs > Date.now(),
  polygonId: d.polygonId,
  reported_at: d.reported_at ?? '',
});

const sharesCompany = (d: LiveDriver, companyIds: ReadonlySet<number> | null) =>
  companyIds === null || d.company_ids.some((id) => companyIds.has(id));

/**
 * Every driver of every company in memory (driver index): his state, position, zone
 * and stands. Spatial lookups go through a kdbush tree of the drivers on the map, rebuilt
 * lazily — at most once per `maxAgeMs` — when someone moved (positions come every 5 s, so a
 * tree a fraction of a second old is as good as a fresh one, and building it for 10,000
 * drivers costs ~1 ms). Queries then are geokdbush lookups.
 */
export class DriverIndex {
  private readonly drivers = new Map<number, LiveDriver>();
  /**
   * Who is in each zone and at each stand, kept as positions move (bench/driver-search: a scan
   * of every driver per search cost 10–20× a geokdbush query at 10,000 drivers).
   */
  private readonly byZone = new Map<number, Set<LiveDriver>>();
  private readonly byStand = new Map<number, Set<LiveDriver>>();
  /** Who placed himself in each zone from his app (`declare`). */
  private readonly byDeclaredZone = new Map<number, Set<LiveDriver>>();
  /** The tree's points are `drivers[i]` (no map lookup per point a search visits). */
  private tree: { kd: KDBush; drivers: LiveDriver[] } | null = null;
  private treeBuiltAt = 0;
  private moved = true;

  /**
   * `zones` gives the zone index's current snapshot: a position is placed in the zones as they
   * are now; a new snapshot (zones edited) is applied to everyone by `relocateAll`.
   */
  constructor(
    private readonly zones: () => ZoneLookup,
    private readonly maxAgeMs = 500,
  ) {}

  get size() {
    return this.drivers.size;
  }

  get(driverId: number): LiveDriver | undefined {
    return this.drivers.get(driverId);
  }

  all(): IterableIterator<LiveDriver> {
    return this.drivers.values();
  }

  /**
   * Applies a state read from the stream (or at start-up); an older state than the one held is
   * ignored. Returns the driver, or undefined when the state was stale.
   */
  applyState(state: DriverStateRow): LiveDriver | undefined {
    const known = this.drivers.get(state.driver_id);
    if (!known) {
      // Every field written out, in one order: built by spreading `state`, V8 turned these
      // objects into slow dictionaries once `reportedMs` went from 0 to a timestamp, and every
      // search's filter read them 5–10× slower (bench/driver-search).
      const fresh: LiveDriver = {
        driver_id: state.driver_id,
        company_ids: state.company_ids,
        indicativ: state.indicativ,
        is_online: state.is_online,
        is_paused: state.is_paused,
        is_busy: state.is_busy,
        high_priority: state.high_priority,
        ban_until: state.ban_until,
        ban_reason: state.ban_reason,
        idle_from: state.idle_from,
        balances: state.balances,
        seq: state.seq,
        long: null,
        lat: null,
        polygonId: null,
        orderId: null,
        reported_at: null,
        reportedMs: 0,
        stands: new Map(),
        offerOrderId: null,
        offerUntilMs: 0,
        declaredPolygonId: null,
      };
      this.drivers.set(state.driver_id, fresh);
      this.moved = true;
      return fresh;
    }
    if (state.seq < known.seq) return undefined;
    const wasOnMap = isOnMap(known);
    Object.assign(known, state);
    if (isOnMap(known) !== wasOnMap) this.moved = true;
    return known;
  }

  /**
   * A position: the driver's zone and stands follow it. Returns the driver, or
   * undefined for a driver the index does not know (not a driver, or deleted).
   */
  move(
    driverId: number,
    position: { long: number; lat: number; orderId: number | null; reportedMs: number },
  ): LiveDriver | undefined {
    const driver = this.drivers.get(driverId);
    if (!driver || position.reportedMs < driver.reportedMs) return driver;
    driver.long = position.long;
    driver.lat = position.lat;
    driver.orderId = position.orderId;
    driver.reportedMs = position.reportedMs;
    driver.reported_at = utcText(position.reportedMs);
    this.place(driver);
    this.moved = true;
    return driver;
  }

  /** Works each driver's zone and stands out again (the zones changed). */
  relocateAll(): void {
    for (const driver of this.drivers.values()) if (driver.long !== null) this.place(driver);
  }

  private place(driver: LiveDriver) {
    if (driver.long === null || driver.lat === null) return;
    const hit = this.zones().locate(driver.company_ids, driver.long, driver.lat);
    if (hit.polygonId !== driver.polygonId) {
      if (driver.polygonId !== null) leave(this.byZone, driver.polygonId, driver);
      if (hit.polygonId !== null) join(this.byZone, hit.polygonId, driver);
      driver.polygonId = hit.polygonId;
    }
    // Most drivers are at no stand: no iterator for them (this runs for every position).
    if (driver.stands.size > 0) {
      for (const standId of driver.stands.keys()) {
        if (hit.standIds.includes(standId)) continue;
        driver.stands.delete(standId);
        leave(this.byStand, standId, driver);
      }
    }
    for (const standId of hit.standIds) {
      if (!driver.stands.has(standId)) {
        driver.stands.set(standId, driver.reportedMs);
        join(this.byStand, standId, driver);
      }
    }
  }

  /** The drivers on the map of these companies (null: every company, the platform admin). */
  onMap(companyIds: ReadonlySet<number> | null): (LiveDriver & { long: number; lat: number })[] {
    const found: (LiveDriver & { long: number; lat: number })[] = [];
    for (const driver of this.drivers.values()) {
      if (isOnMap(driver) && sharesCompany(driver, companyIds)) found.push(driver);
    }
    return found;
  }

  /** Online, busy and free drivers of these companies (top bar). */
  counts(companyIds: ReadonlySet<number> | null) {
    let online = 0;
    let busy = 0;
    for (const driver of this.drivers.values()) {
      if (!driver.is_online || !sharesCompany(driver, companyIds)) continue;
      online++;
      if (driver.is_busy) busy++;
    }
    return { online, busy, free: online - busy };
  }

  private spatial() {
    const now = Date.now();
    if (this.tree && (!this.moved || now - this.treeBuiltAt < this.maxAgeMs)) return this.tree;
    const onMap: (LiveDriver & { long: number; lat: number })[] = [];
    for (const driver of this.drivers.values()) if (isOnMap(driver)) onMap.push(driver);
    const kd = new KDBush(Math.max(1, onMap.length));
    for (const driver of onMap) kd.add(driver.long, driver.lat);
    if (onMap.length === 0) kd.add(0, 0); // kdbush needs one point; `drivers` has none for it
    kd.finish();
    this.tree = { kd, drivers: onMap };
    this.treeBuiltAt = now;
    this.moved = false;
    return this.tree;
  }

  /**
   * The drivers on the map nearest to a point, closest first: at most `limit`, within
   * `maxKm`, passing `accept` (the dispatch engine's filters: company, free, not offered …).
   */
  nearest(
    long: number,
    lat: number,
    options: { limit?: number; maxKm?: number; accept?: (driver: LiveDriver) => boolean } = {},
  ): LiveDriver[] {
    const { kd, drivers } = this.spatial();
    const accept = options.accept;
    const hits = around(
      kd,
      long,
      lat,
      options.limit ?? Number.POSITIVE_INFINITY,
      options.maxKm,
      (i) => {
        const driver = drivers[i];
        // Offline or removed since the tree was built (`remove` takes him off the map).
        return driver !== undefined && isOnMap(driver) && (!accept || accept(driver));
      },
    );
    return hits.map((i) => drivers[i] as LiveDriver);
  }

  /** The drivers on the map within `radiusM` metres of a point, closest first. */
  within(
    long: number,
    lat: number,
    radiusM: number,
    accept?: (driver: LiveDriver) => boolean,
  ): LiveDriver[] {
    return this.nearest(long, lat, { maxKm: radiusM / 1000, accept });
  }

  /** The drivers on the map in one zone (their zone follows their position). */
  inZone(polygonId: number, accept?: (driver: LiveDriver) => boolean): LiveDriver[] {
    const found: LiveDriver[] = [];
    for (const driver of this.byZone.get(polygonId) ?? NO_DRIVERS) {
      if (isOnMap(driver) && (!accept || accept(driver))) found.push(driver);
    }
    return found;
  }

  /** A stand's queue: its free drivers in arrival order (the `by_near_stand*` searches). */
  standQueue(standId: number, nowUtc: string): LiveDriver[] {
    const queue: LiveDriver[] = [];
    for (const driver of this.byStand.get(standId) ?? NO_DRIVERS) {
      if (isOnMap(driver) && isFree(driver, nowUtc)) queue.push(driver);
    }
    return queue.sort(
      (a, b) =>
        (a.stands.get(standId) ?? 0) - (b.stands.get(standId) ?? 0) || a.driver_id - b.driver_id,
    );
  }

  /**
   * The zone a driver placed himself in from his app (null: none). The caller has checked it
   * is one of his companies' zones. Returns whether it changed.
   */
  declare(driver: LiveDriver, polygonId: number | null): boolean {
    if (driver.declaredPolygonId === polygonId) return false;
    if (driver.declaredPolygonId !== null)
      leave(this.byDeclaredZone, driver.declaredPolygonId, driver);
    if (polygonId !== null) join(this.byDeclaredZone, polygonId, driver);
    driver.declaredPolygonId = polygonId;
    return true;
  }

  /** The drivers on the map who placed themselves in a zone from their app. */
  declaredIn(polygonId: number): LiveDriver[] {
    const found: LiveDriver[] = [];
    for (const driver of this.byDeclaredZone.get(polygonId) ?? NO_DRIVERS) {
      if (isOnMap(driver)) found.push(driver);
    }
    return found;
  }

  /** Everyone at a stand now, free or not (the engine says why one is skipped). */
  standMembers(standId: number): Iterable<LiveDriver> {
    return this.byStand.get(standId) ?? NO_DRIVERS;
  }

  /**
   * The dispatch engine offered him an order until `untilMs`, or (orderId null) the offer of
   * `ofOrder` ended: a newer offer of another order is kept. Returns him if his label changed.
   */
  markOffer(driverId: number, orderId: number | null, untilMs: number, ofOrder?: number) {
    const driver = this.drivers.get(driverId);
    if (!driver) return undefined;
    if (orderId === null) {
      if (
        driver.offerOrderId === null ||
        (ofOrder !== undefined && driver.offerOrderId !== ofOrder)
      )
        return undefined;
      driver.offerOrderId = null;
      driver.offerUntilMs = 0;
      return driver;
    }
    driver.offerOrderId = orderId;
    driver.offerUntilMs = untilMs;
    return driver;
  }

  /** Forgets a driver (no longer a driver of any company). */
  remove(driverId: number): void {
    const driver = this.drivers.get(driverId);
    if (!driver) return;
    this.drivers.delete(driverId);
    // Off the map for a tree built before (its searches hold this object until the next one).
    driver.long = null;
    driver.lat = null;
    if (driver.polygonId !== null) leave(this.byZone, driver.polygonId, driver);
    if (driver.declaredPolygonId !== null)
      leave(this.byDeclaredZone, driver.declaredPolygonId, driver);
    for (const standId of driver.stands.keys()) leave(this.byStand, standId, driver);
    this.moved = true;
  }
}

const NO_DRIVERS: ReadonlySet<LiveDriver> = new Set();

function join(members: Map<number, Set<LiveDriver>>, key: number, driver: LiveDriver) {
  const set = members.get(key);
  if (set) set.add(driver);
  else members.set(key, new Set([driver]));
}

function leave(members: Map<number, Set<LiveDriver>>, key: number, driver: LiveDriver) {
  const set = members.get(key);
  if (!set) return;
  set.delete(driver);
  if (set.size === 0) members.delete(key);
}

let textSecond = Number.NaN;
let text = '';
/**
 * Epoch ms → the UTC `YYYY-MM-DD HH:mm:ss` text the wire and the database use. Every position
 * of one second has the same text: formatted once a second, not once a position (a Date and an
 * ISO string were a fifth of a move's cost, bench/driver-search).
 */
export function utcText(ms: number): string {
  const second = Math.floor(ms / 1000);
  if (second !== textSecond) {
    text = toUtcString(new Date(second * 1000));
    textSecond = second;
  }
  return text;
}

import type { DispatchTrace, SkipReason, TraceEntry } from '@common/dispatch/dispatch.schema';
import { SKIP_REASON_LABELS, SKIP_REASONS } from '@common/dispatch/dispatch.schema';
import {
  LIMIT_UNIT_LABELS,
  NOTIFICATION_METHOD_LABELS,
  SEARCH_ORDER_LABELS,
  SEARCH_TYPE_LABELS,
} from '@common/dispatch/search-config.labels';
import { LIMIT_IN_METRES, SearchItemSchema } from '@common/dispatch/search-method.schema';
import { bucharestParts, fromUtcString } from '@common/lib/dates';

/**
 * Explainability: the dispatch trace (GET /api/orders/{id}/dispatch-trace) as short
 * Romanian lines, one block per search step. Pure, so the side panel's Timeline and the order
 * screen's 'De ce?' show the same thing and it is unit-tested. The details are the engine's
 * free-form JSON: every field is read defensively and a missing one is left out, never shown
 * as 'undefined'.
 */

export interface TraceDriverView {
  driverId: number;
  label: string;
  rank: number | null;
  distance: string | null;
}

export interface TraceSkippedView {
  driverId: number;
  label: string;
  reason: string;
  distance: string | null;
}

export type TraceTone = 'gray' | 'blue' | 'green' | 'red' | 'orange';

export interface TraceEventView {
  key: string;
  time: string;
  text: string;
  tone: TraceTone;
}

/** Skipped drivers with one reason: 'în pauză: 133, 140'. */
export interface TraceSkipGroup {
  reason: string;
  labels: string[];
}

export interface TraceStepView {
  key: string;
  generation: number;
  /** 1-based, as a dispatcher counts them; null for entries outside a step. */
  step: number | null;
  time: string | null;
  /** 'În zona comenzii · După distanță · Toți deodată · 6 s · max. 50 șoferi'. */
  method: string | null;
  zone: string | null;
  custom: boolean;
  offered: TraceDriverView[];
  skipped: TraceSkippedView[];
  /** The listed skipped drivers by reason, in the order the reasons first appear. */
  skippedByReason: TraceSkipGroup[];
  /** Every skipped driver, the ones not listed too (the engine keeps only the first few). */
  skippedCount: number;
  events: TraceEventView[];
}

/** HH:mm:ss in Bucharest (order history times are Bucharest time). */
export function traceClock(at: string): string {
  const date = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}/.test(at)
    ? fromUtcString(at)
    : /^\d+$/.test(at)
      ? new Date(Number(at))
      : new Date(at);
  if (Number.isNaN(date.getTime())) return '—';
  const p = bucharestParts(date);
  return `${p.hour}:${p.minute}:${p.second}`;
}

/** 850 → '850 m', 1234 → '1,2 km' (Romanian decimal comma). */
export function formatDistance(metres: number | null | undefined): string | null {
  if (metres === null || metres === undefined || !Number.isFinite(metres)) return null;
  if (metres < 1000) return `${Math.round(metres)} m`;
  return `${(metres / 1000).toFixed(1).replace('.', ',')} km`;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const num = (value: unknown): number | null =>
  typeof value === 'number' && Number.isFinite(value) ? value : null;
const str = (value: unknown): string | null =>
  typeof value === 'string' && value !== '' ? value : null;

export function skipReasonLabel(reason: unknown): string {
  if (typeof reason === 'string' && (SKIP_REASONS as readonly string[]).includes(reason))
    return SKIP_REASON_LABELS[reason as SkipReason];
  return typeof reason === 'string' ? reason : 'necunoscut';
}

/** The step's search item in words. */
export function methodText(item: unknown): string | null {
  // The fields the text needs, not the whole item (its refusal rule is not shown here).
  const parsed = SearchItemSchema.pick({
    search_type: true,
    search_time: true,
    search_limit: true,
    search_order_by: true,
    notification_method: true,
    exclude_previous: true,
  })
    .loose()
    .safeParse(item);
  if (!parsed.success) return null;
  const i = parsed.data;
  const unit = LIMIT_IN_METRES.has(i.search_type)
    ? LIMIT_UNIT_LABELS.metres
    : LIMIT_UNIT_LABELS.drivers;
  return [
    SEARCH_TYPE_LABELS[i.search_type],
    SEARCH_ORDER_LABELS[i.search_order_by],
    NOTIFICATION_METHOD_LABELS[i.notification_method],
    `${i.search_time} s`,
    `max. ${i.search_limit} ${unit}`,
    ...(i.exclude_previous ? ['fără cei oferiți deja'] : []),
  ].join(' · ');
}

interface Considered {
  driverId: number;
  indicativ: string | null;
  distanceM: number | null;
  skipped: unknown;
  rank: number | null;
}

function consideredOf(value: unknown): Considered[] {
  if (!Array.isArray(value)) return [];
  const out: Considered[] = [];
  for (const row of value) {
    if (!isRecord(row)) continue;
    const driverId = num(row.driver_id);
    if (driverId === null) continue;
    out.push({
      driverId,
      indicativ: str(row.indicativ),
      distanceM: num(row.route_m) ?? num(row.distance_m),
      skipped: row.skipped ?? null,
      rank: num(row.rank),
    });
  }
  return out;
}

const callSign = (indicativ: string | null, driverId: number) => indicativ ?? `#${driverId}`;

const stepKey = (generation: number, step: number) => `${generation}:${step}`;

/** The trace as blocks per step, in the engine's order. */
export function formatTrace(
  trace: DispatchTrace,
  zoneName: (zoneId: number) => string | null = () => null,
): TraceStepView[] {
  const blocks: TraceStepView[] = [];
  const byKey = new Map<string, TraceStepView>();
  // Call signs the engine wrote in the steps, for later entries that only carry an id.
  const signs = new Map<number, string>();

  const blockFor = (entry: TraceEntry): TraceStepView => {
    const key = stepKey(entry.generation, entry.step);
    const found = byKey.get(key);
    if (found) return found;
    const block: TraceStepView = {
      key,
      generation: entry.generation,
      step: entry.step >= 0 ? entry.step + 1 : null,
      time: null,
      method: null,
      zone: null,
      custom: false,
      offered: [],
      skipped: [],
      skippedByReason: [],
      skippedCount: 0,
      events: [],
    };
    byKey.set(key, block);
    blocks.push(block);
    return block;
  };

  const driverOf = (details: Record<string, unknown>) => {
    const id = num(details.driver_id);
    if (id === null) return null;
    const sign = str(details.indicativ) ?? signs.get(id) ?? null;
    return callSign(sign, id);
  };

  // 'a văzut oferta' per block and driver: dropped once he answers (an answer says he saw it,
  // and a step offered to ten drivers otherwise reads twenty lines).
  const views = new Map<string, TraceEventView>();
  const answered = new Set<TraceEventView>();

  trace.entries.forEach((entry, index) => {
    const details = isRecord(entry.details) ? entry.details : {};
    const block = blockFor(entry);
    const time = traceClock(entry.at);
    const event = (text: string, tone: TraceTone) =>
      block.events.push({ key: `${index}`, time, text, tone });
    const viewKey = `${block.key}/${num(details.driver_id) ?? ''}`;

    if (entry.kind === 'step') {
      block.time = time;
      block.method = methodText(details.item);
      block.custom = details.custom === true;
      const zoneId = num(details.zone_id);
      const standId = num(details.stand_id);
      block.zone =
        zoneId !== null
          ? (zoneName(zoneId) ?? `zona ${zoneId}`)
          : standId !== null
            ? `stația ${standId}`
            : null;
      const offered = consideredOf(details.offered);
      const skipped = consideredOf(details.skipped);
      for (const c of [...offered, ...skipped]) if (c.indicativ) signs.set(c.driverId, c.indicativ);
      block.offered = offered.map((c, i) => ({
        driverId: c.driverId,
        label: callSign(c.indicativ, c.driverId),
        rank: c.rank ?? i + 1,
        distance: formatDistance(c.distanceM),
      }));
      block.skipped = skipped.map((c) => ({
        driverId: c.driverId,
        label: callSign(c.indicativ, c.driverId),
        reason: skipReasonLabel(c.skipped),
        distance: formatDistance(c.distanceM),
      }));
      const groups = new Map<string, string[]>();
      for (const d of block.skipped)
        groups.set(d.reason, [...(groups.get(d.reason) ?? []), d.label]);
      block.skippedByReason = [...groups].map(([reason, labels]) => ({ reason, labels }));
      block.skippedCount = num(details.skipped_count) ?? skipped.length;
      return;
    }

    const markAnswered = (key: string) => {
      const view = views.get(key);
      if (view) answered.add(view);
    };
    const who = driverOf(details) ?? 'Șoferul';
    const minutes = num(details.minutes);
    switch (entry.kind) {
      case 'offered':
        event(`Oferită lui ${who}`, 'blue');
        break;
      case 'viewed':
        event(`${who} a văzut oferta`, 'gray');
        views.set(viewKey, block.events[block.events.length - 1] as TraceEventView);
        break;
      case 'accepted':
        event(`${who} a acceptat${minutes !== null ? ` (${minutes} min)` : ''}`, 'green');
        markAnswered(viewKey);
        break;
      case 'refused':
        event(`${who} a refuzat`, 'red');
        markAnswered(viewKey);
        break;
      case 'confirmed':
        event(
          `${who} confirmat${minutes !== null ? ` · ${minutes} min până la client` : ''}`,
          'green',
        );
        break;
      case 'lost': {
        const why = str(details.why);
        event(`${who} nu mai poate fi alocat${why ? ` (${skipReasonLabel(why)})` : ''}`, 'orange');
        break;
      }
      case 'nobody': {
        const offered = num(details.offered) ?? 0;
        const refused = num(details.refused) ?? 0;
        event(
          `Nimeni confirmat în acest pas · ${offered} ${offered === 1 ? 'ofertă' : 'oferte'}, ${refused} ${refused === 1 ? 'refuz' : 'refuzuri'}`,
          'orange',
        );
        break;
      }
      case 'exhausted':
        event('Pașii s-au terminat: șoferii nu au fost găsiți', 'red');
        break;
      case 'pinned':
        event('Fixată în lista de așteptare', 'orange');
        break;
      case 'stopped':
        event('Căutarea s-a oprit (comanda s-a schimbat)', 'gray');
        break;
      case 'ban': {
        // ban_conditions: banned for reset_interval minutes, or sent to the back.
        const refusals = num(details.refusals);
        const after = refusals !== null ? ` după ${refusals} refuzuri` : ' după refuzuri';
        event(
          details.type === 'reset'
            ? `${who} trimis la coada listei${after}`
            : `${who} blocat${minutes !== null ? ` ${minutes} min` : ''}${after}`,
          'red',
        );
        break;
      }
    }
  });
  if (answered.size > 0)
    for (const block of blocks) block.events = block.events.filter((e) => !answered.has(e));
  return blocks;
}

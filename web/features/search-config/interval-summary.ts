import {
  EVERY_DAY_LABEL,
  LIMIT_UNIT_LABELS,
  SEARCH_TYPE_LABELS,
  WEEKDAY_LABELS,
} from '@common/dispatch/search-config.labels';
import type { SearchInterval } from '@common/dispatch/search-config.schema';
import { LIMIT_IN_METRES, type SearchType } from '@common/dispatch/search-method.schema';
import type { MaskedFormat } from '../../components/MaskedInput';
import type { IntervalDraft } from './use-search-config';

/** 'YYYY-MM-DD' → 'DD.MM.YYYY' (display). */
const dayText = (date: string) => date.split('-').reverse().join('.');

/** The day an interval applies on, as the row shows it. */
export function daysLabel(interval: Pick<SearchInterval, 'type' | 'value'>): string {
  if (interval.type === 'custom')
    return interval.value.custom_day ? dayText(interval.value.custom_day) : '—';
  const day = interval.value.selected_day;
  return day === null ? EVERY_DAY_LABEL : (WEEKDAY_LABELS[day] ?? String(day));
}

/** '07:00:00 – 09:30:00', seconds left out where they are zero at both ends. */
export function windowLabel({ time_from, time_to }: SearchInterval['value']): string {
  const short = time_from.endsWith(':00') && (time_to.endsWith(':00') || time_to === '23:59:59');
  const cut = (time: string) => (short && time !== '23:59:59' ? time.slice(0, 5) : time);
  return `${cut(time_from)} – ${cut(time_to)}`;
}

/** The steps in one line: 'În zona comenzii → Pe rază'. */
export function stepsLabel(interval: SearchInterval): string {
  return interval.search_method.definitions.items
    .map((item) => SEARCH_TYPE_LABELS[item.search_type])
    .join(' → ');
}

/** search_limit counts metres for distance searches, drivers for the rest. */
export const limitUnit = (type: SearchType) =>
  LIMIT_IN_METRES.has(type) ? LIMIT_UNIT_LABELS.metres : LIMIT_UNIT_LABELS.drivers;

/** The editor's starting point: the interval as stored. */
export function draftOf(interval: SearchInterval): IntervalDraft {
  return {
    type: interval.type,
    time_from: interval.value.time_from,
    time_to: interval.value.time_to,
    selected_day: interval.value.selected_day,
    custom_day: interval.value.custom_day,
    items: interval.search_method.definitions.items,
  };
}

/** Moves one element of a list to another index (a step up or down, a dragged interval). */
export function move<T>(list: readonly T[], from: number, to: number): T[] {
  const next = [...list];
  const [moved] = next.splice(from, 1);
  if (moved === undefined) return next;
  next.splice(Math.max(0, Math.min(to, next.length)), 0, moved);
  return next;
}

/**
 * The server's field errors (field → messages) for one step of the editor:
 * 'definitions.items.2.search_time' → { search_time: [...] } for step 2.
 */
export function stepErrors(
  errors: Record<string, string[]>,
  index: number,
): Record<string, string> {
  const prefix = `definitions.items.${index}.`;
  const found: Record<string, string> = {};
  for (const [field, messages] of Object.entries(errors)) {
    if (field.startsWith(prefix)) found[field.slice(prefix.length)] = messages.join(' ');
  }
  return found;
}

/** A time of day typed as HH:mm:ss (the intervals' windows, ending '23:59:59' by default). */
export const TIME_OF_DAY_FORMAT: MaskedFormat = {
  mask: (raw) => {
    const digits = raw.replace(/\D/g, '').slice(0, 6);
    return digits.replace(
      /^(\d{2})(\d{1,2})?(\d{1,2})?$/,
      (_all, h: string, m?: string, s?: string) => [h, m, s].filter(Boolean).join(':'),
    );
  },
  parse: (text) => {
    const match = /^([01]\d|2[0-3]):([0-5]\d)(?::([0-5]\d))?$/.exec(text);
    if (!match) return null;
    return `${match[1]}:${match[2]}:${match[3] ?? '00'}`;
  },
  format: (value) => value,
};

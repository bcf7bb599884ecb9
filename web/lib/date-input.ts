import dayjs from 'dayjs';

/**
 * Typed dates and times, Romanian style whatever the browser's locale (the native
 * date and time inputs showed 11/25/2026 and 09:38 PM under en-US). The fields show
 * DD.MM.YYYY and HH:mm (24 h); the values they hold stay the ones the API takes: YYYY-MM-DD and
 * HH:mm. Typing is masked: digits only, the separator put in when the next digit comes (so
 * Backspace never fights it), and a first digit that cannot start a two-digit day, month or
 * hour is taken as the whole number ('9' → '09').
 */

interface Segment {
  /** Digits this part holds when complete. */
  size: number;
  /** A first digit above this is a one-digit number: '4' as a day is '04'. */
  padAbove: number | null;
}

const DATE_SEGMENTS: readonly Segment[] = [
  { size: 2, padAbove: 3 },
  { size: 2, padAbove: 1 },
  { size: 4, padAbove: null },
];
const TIME_SEGMENTS: readonly Segment[] = [
  { size: 2, padAbove: 2 },
  { size: 2, padAbove: 5 },
];

const SEPARATORS = /[.\-/,:\sh]/;

function mask(raw: string, segments: readonly Segment[], separator: string): string {
  const parts: string[] = [''];
  for (const ch of raw) {
    const index = parts.length - 1;
    const segment = segments[index];
    const current = parts[index] ?? '';
    if (!segment) break;
    if (ch >= '0' && ch <= '9') {
      if (current.length >= segment.size) {
        // This part is full: the digit starts the next one, if there is a next one.
        const next = segments[index + 1];
        if (!next) continue;
        parts.push(next.padAbove !== null && Number(ch) > next.padAbove ? `0${ch}` : ch);
      } else if (current === '' && segment.padAbove !== null && Number(ch) > segment.padAbove) {
        parts[index] = `0${ch}`;
      } else {
        parts[index] = current + ch;
      }
    } else if (SEPARATORS.test(ch) && current !== '' && index < segments.length - 1) {
      // A typed separator closes a short part: '1.5.2026'.
      parts.push('');
    }
  }
  return parts.join(separator);
}

/** What the date field shows while typing: '2611' → '26.11', '1.5.2026' stays. */
export const maskDateInput = (raw: string): string => mask(raw, DATE_SEGMENTS, '.');

/** What the time field shows while typing: '0930' → '09:30', '9' → '09'. */
export const maskTimeInput = (raw: string): string => mask(raw, TIME_SEGMENTS, ':');

/** A typed date (D.M.YYYY or DD.MM.YYYY) → YYYY-MM-DD; null while incomplete or not a date. */
export function parseDateInput(text: string): string | null {
  const match = /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/.exec(text.trim());
  if (!match) return null;
  const [day, month, year] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < 1900 || month < 1 || month > 12 || day < 1) return null;
  const iso = `${year}-${pad(month)}-${pad(day)}`;
  // 31.02 is no date: dayjs would roll it over to March.
  return dayjs(iso).format('YYYY-MM-DD') === iso ? iso : null;
}

/** A typed time (H, HH, H:mm or HH:mm, 24 h) → HH:mm; null while incomplete or not a time. */
export function parseTimeInput(text: string): string | null {
  const match = /^(\d{1,2})(?::(\d{2}))?$/.exec(text.trim());
  if (!match) return null;
  const hours = Number(match[1]);
  const minutes = Number(match[2] ?? 0);
  if (hours > 23 || minutes > 59) return null;
  return `${pad(hours)}:${pad(minutes)}`;
}

/** YYYY-MM-DD → DD.MM.YYYY ('' stays ''; anything else is shown as it is). */
export function formatDateInput(iso: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  return match ? `${match[3]}.${match[2]}.${match[1]}` : iso;
}

/** Arrow keys in the date field: a day later or earlier. */
export const shiftDate = (iso: string, days: number): string | null => {
  const date = dayjs(iso);
  return /^\d{4}-\d{2}-\d{2}$/.test(iso) && date.isValid()
    ? date.add(days, 'day').format('YYYY-MM-DD')
    : null;
};

/** Arrow keys in the time field: minutes later or earlier, round the clock. */
export const shiftTime = (time: string, minutes: number): string | null => {
  const parsed = parseTimeInput(time);
  if (!parsed) return null;
  const [h, m] = parsed.split(':').map(Number) as [number, number];
  const total = (((h * 60 + m + minutes) % 1440) + 1440) % 1440;
  return `${pad(Math.floor(total / 60))}:${pad(total % 60)}`;
};

const pad = (n: number) => String(n).padStart(2, '0');

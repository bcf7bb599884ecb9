import { fromUtcString } from '@common/lib/dates';
import dayjs from 'dayjs';

const STORED = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}(:\d{2})?$/;

/**
 * When a driver joined a stand's queue, as HH:mm local time (stored UTC
 * `YYYY-MM-DD HH:mm:ss`, shown local, 24 h). An ISO instant is read as such; anything else '—'.
 */
export function queueSince(since: string): string {
  const date = STORED.test(since) ? fromUtcString(since) : new Date(since);
  return Number.isNaN(date.getTime()) ? '—' : dayjs(date).format('HH:mm');
}

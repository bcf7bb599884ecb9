/**
 * Page 1 of GET /api/orders from memory (p99 ≤ 15 ms under 50 placings a second).
 * Read from the database on every request, page 1 waited behind whatever held the database: on
 * PGlite, its one session (placings, tab reloads); on PostgreSQL, a CPU shared with them.
 *
 * A list's head is its newest orders (page 1 and a few more), read once. Every change of an
 * order comes from the change stream with the order as it is now (orders-read-model.ts), and each head decides from
 * that alone whether the order is in its list (order-list.match.ts, the list's own conditions
 * in JavaScript) and where: its key (created_at, id) never changes. So a head stays exactly the
 * list's newest orders without reading them again:
 *
 * - an order in the list and newer than the head's last order (or anywhere, when the head
 *   holds the whole list) goes in at its place, and the oldest one beyond the head's size
 *   drops off;
 * - an order no longer in the list leaves the head; a head left shorter than its page while
 *   the list holds more is read again;
 * - what the stream does not carry (a direct database edit) waits for `ttlMs`.
 *
 * Every head sees every change (its conditions include the scope), so an order leaving a
 * company's scope would leave the company's heads too.
 */
import type { Order } from '@common/orders/orders.schema';
import { TaggedCache } from '../../../lib/tagged-cache';
import { type ListKey, newer } from './list-keys';
import type { ListMatcher } from './order-list.match';

/** Orders kept beyond page 1, so that an order leaving the list does not make it read again. */
export const HEAD_SPARE = 10;
/** The tag every head carries: an order changed here is shown to all of them. */
const EVERY_HEAD = 'orders:heads';

export interface Head {
  /** The list's newest orders, newest first. */
  keys: readonly ListKey[];
  /** Page 1's length; the head holds up to `limit + HEAD_SPARE` orders. */
  limit: number;
  /** The list holds orders beyond `keys`. */
  more: boolean;
  matches: ListMatcher;
}

/** The head after `order` changed (it is as the wire has it now); the same head if unchanged. */
export function follow(head: Head, order: Order): Head {
  const at = head.keys.findIndex((key) => key.id === order.id);
  const belongs = head.matches(order);
  if (belongs === at >= 0) return head;
  if (!belongs) return { ...head, keys: head.keys.filter((_key, i) => i !== at) };
  const key: ListKey = { created_at: order.created_at, id: order.id };
  const last = head.keys.at(-1);
  // Below the head's last order: the list's newest orders are still the head's.
  if (head.more && (!last || !newer(key, last))) return head;
  const keys = [...head.keys];
  const place = keys.findIndex((other) => newer(key, other));
  keys.splice(place < 0 ? keys.length : place, 0, key);
  const overflow = keys.length > head.limit + HEAD_SPARE;
  return { ...head, keys: overflow ? keys.slice(0, -1) : keys, more: head.more || overflow };
}

/** Orders left the head until it no longer fills its page, while the list holds more. */
const short = (head: Head) => head.more && head.keys.length < head.limit;

export function createListHeads({
  ttlMs,
  onReloadError,
  now,
}: {
  ttlMs: number;
  /** A background reload failed (the head in use goes on answering for another `ttlMs`). */
  onReloadError?: (error: unknown) => void;
  now?: () => number;
}) {
  const heads = new TaggedCache<string, Head>({
    ttlMs,
    staleForMs: ttlMs,
    ttlJitter: 0.25,
    maxEntries: 500,
    ...(onReloadError ? { onReloadError } : {}),
    ...(now ? { now } : {}),
  });

  /**
   * The ids of page 1 of the list `key` (`limit` long), from its head; `read(n)` reads the
   * list's newest `n` orders, `matcher()` gives its conditions (built only when it is read).
   */
  async function page(
    list: { key: string; tags: readonly string[]; limit: number },
    matcher: () => ListMatcher,
    read: (count: number) => Promise<ListKey[]>,
  ): Promise<number[]> {
    const { key, tags, limit } = list;
    const head = await heads.get(key, [...tags, EVERY_HEAD], async () => {
      const size = limit + HEAD_SPARE;
      const keys = await read(size + 1);
      return { keys: keys.slice(0, size), limit, more: keys.length > size, matches: matcher() };
    });
    return head.keys.slice(0, limit).map((order) => order.id);
  }

  /** An order was created or changed (the change stream); `order` is as it is now. */
  function followed(order: Order): void {
    heads.revise(EVERY_HEAD, (head) => follow(head, order));
    heads.dropWhere([EVERY_HEAD], short);
  }

  return { page, followed, clear: () => heads.clear() };
}

export type ListHeads = ReturnType<typeof createListHeads>;

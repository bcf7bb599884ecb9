/**
 * What the read model's lists share (a list's scope, an order's place in a newest-first list,
 * a window as read), in one file that imports nothing of theirs, so they import no one in a circle.
 */

/**
 * Which orders a list may show, split so each side can follow its own index: the companies the
 * caller dispatches for (by processed_by) and the protocol companies rides are billed to (by
 * protocol_company_id). One OR over both columns made PostgreSQL scan the whole table (bench B4).
 */
export type OrderListScope =
  | { kind: 'all' }
  | { kind: 'companies'; processedBy: number[]; billedTo: number[] };

/** An order's place in a newest-first list: `created_at` (to the second), then id. */
export interface ListKey {
  created_at: string;
  id: number;
}

/** A window as read: `ids` are the list's rows at offsets [from, from + ids.length). */
export interface WindowRead {
  from: number;
  ids: Int32Array;
  /** The key of `ids[0]`; null for an empty window. */
  first: ListKey | null;
  /** The list's newest order when the window was read, whose offset is 0; null for an empty list. */
  top: ListKey | null;
  /** The ids of the list's newest orders then (the first few), top first. */
  head: number[];
}

/** Whether `a` comes before `b` in a newest-first list. */
export const newer = (a: ListKey, b: ListKey) =>
  a.created_at > b.created_at || (a.created_at === b.created_at && a.id > b.id);

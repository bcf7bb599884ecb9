import type { Readable } from 'node:stream';

/**
 * One export at a time per person on this node: a second one while the first still streams is
 * refused, and the slot is free again when the download ends or is closed.
 */
export function createExportSlots() {
  const busy = new Set<number>();
  return {
    /** Takes the person's slot for `body`'s life; false when his previous export still runs. */
    take(userId: number, body: () => Readable): Readable | null {
      if (busy.has(userId)) return null;
      busy.add(userId);
      const stream = body();
      stream.once('close', () => busy.delete(userId));
      return stream;
    },
  };
}
export type ExportSlots = ReturnType<typeof createExportSlots>;

/**
 * A process-wide counter of gazetteer writes. upsertGazetteer bumps it, and every in-memory
 * index (gazetteer-index.ts) built from an older count reloads before its next search. Other
 * processes do not see it: they reload periodically or on restart (docs/ADDRESS-SEARCH.md).
 */
let generation = 1;

export const gazetteerGeneration = () => generation;

/** Call after writing gazetteer rows (the import and the demo seed do, through the upsert). */
export function invalidateGazetteerIndexes(): void {
  generation++;
}

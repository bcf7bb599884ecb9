import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { DbOrTx } from '../../db/client';
import { type ImportStats, importOsmFile } from './osm-import';

/**
 * The demo gazetteer: OpenStreetMap XML extracts authored for the demo
 * companies' cities, loaded by the demo seed through the same import code as the CLI.
 */
export const DEMO_EXTRACTS = [
  { file: 'iasi.osm', city: 'Iași', county: 'Iași' },
  { file: 'cluj-napoca.osm', city: 'Cluj-Napoca', county: 'Cluj' },
] as const;

/**
 * server/db/demo-places beside the source (tsx), or from the repository root when running the
 * bundle in dist/server (the build copies only the migrations).
 */
export function demoPlacesDir(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const candidates = [
    path.resolve(here, '../../db/demo-places'),
    path.resolve(here, 'demo-places'),
    path.resolve(here, '../../server/db/demo-places'),
    path.resolve(process.cwd(), 'server/db/demo-places'),
  ];
  return candidates.find((dir) => existsSync(path.join(dir, DEMO_EXTRACTS[0].file))) ?? '';
}

export async function loadDemoGazetteer(db: DbOrTx): Promise<ImportStats> {
  const dir = demoPlacesDir();
  const total: ImportStats = { streets: 0, houses: 0, localities: 0, places: 0, batches: 0 };
  if (!dir) return total;
  for (const extract of DEMO_EXTRACTS) {
    const stats = await importOsmFile(db, path.join(dir, extract.file), {
      city: extract.city,
      county: extract.county,
    });
    for (const key of Object.keys(total) as (keyof ImportStats)[]) total[key] += stats[key];
  }
  return total;
}

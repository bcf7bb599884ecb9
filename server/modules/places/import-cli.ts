import { parseArgs } from 'node:util';
import { loadConfig } from '../../config';
import { openDatabase } from '../../db/open';
import { importOsmFile } from './osm-import';

/**
 * `npm run places:import -- --file city.osm [--city Iași] [--county Iași] [--batch 1000]`:
 * loads an OpenStreetMap XML extract into the gazetteer of the configured database.
 * Safe to run again: rows are keyed by their OSM id. With PGlite, stop the server
 * first (one process per data directory).
 */
const { values } = parseArgs({
  options: {
    file: { type: 'string' },
    city: { type: 'string' },
    county: { type: 'string' },
    batch: { type: 'string' },
  },
});
if (!values.file) {
  console.error(
    'usage: npm run places:import -- --file path.osm [--city Iași] [--county Iași] [--batch 1000]',
  );
  process.exit(2);
}
const batchSize = values.batch ? Number(values.batch) : undefined;
if (batchSize !== undefined && !(Number.isInteger(batchSize) && batchSize >= 1)) {
  console.error('--batch must be a positive integer');
  process.exit(2);
}

const database = await openDatabase(loadConfig());
try {
  const started = Date.now();
  const stats = await importOsmFile(database.db, values.file, {
    city: values.city,
    county: values.county,
    batchSize,
  });
  console.log(
    `imported ${values.file}: ${stats.streets} streets, ${stats.houses} houses, ` +
      `${stats.localities} localities, ${stats.places} places in ${stats.batches} statements ` +
      `(${((Date.now() - started) / 1000).toFixed(1)} s)`,
  );
} finally {
  await database.close();
}

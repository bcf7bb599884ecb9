import { openPostgres } from '../../server/db/client';
import { buildCompany, buildUser } from '../../server/db/factories';
import { migrate } from '../../server/db/migrate';
import { openPgliteWorker } from '../../server/db/pglite-worker-client';
import { searchTextOf } from '../../server/modules/places/osm-import';
import { type GazetteerRow, upsertGazetteer } from '../../server/modules/places/places.repo';
import { seededRandom } from '../lib/rate-load';
import { buildBenchApp, loginToken } from './bench-app';
import { failStartup, serveUntilParentLeaves } from './lifecycle';

/**
 * The real application for the address search benchmark (bench/places-search.bench.ts): PGlite
 * in memory or BENCH_SERVER_DATABASE_URL, migrated, one taxi company at Iași, one dispatcher,
 * and BENCH_GAZETTEER_ROWS (200,000) deterministic gazetteer entries across a 120 × 120 km
 * region around the company, loaded in batches of 1,000 through the import's own upsert.
 */
export interface PlacesAppInfo {
  url: string;
  token: string;
  database: 'pglite' | 'postgres';
  rows: number;
  seedSeconds: number;
}

const CENTRE = { lat: 47.1585, lng: 27.6014 };

const TYPES = [
  'Strada',
  'Strada',
  'Strada',
  'Bulevardul',
  'Aleea',
  'Calea',
  'Șoseaua',
  'Intrarea',
  'Fundacul',
];
const FIRST = [
  'Ștefan',
  'Mihai',
  'Ion',
  'Vasile',
  'Alexandru',
  'Grigore',
  'Constantin',
  'Nicolae',
  'Petru',
  'Dimitrie',
  'Gheorghe',
  'Elena',
  'Maria',
  'Anastasie',
  'Costache',
  'Iancu',
  'Tudor',
  'Radu',
  'Mircea',
  'Bogdan',
];
const LAST = [
  'Eminescu',
  'Creangă',
  'Alecsandri',
  'Kogălniceanu',
  'Negruzzi',
  'Cantemir',
  'Movilă',
  'Rareș',
  'Viteazul',
  'Bălcescu',
  'Cuza',
  'Iorga',
  'Enescu',
  'Asachi',
  'Conta',
  'Panu',
  'Sadoveanu',
  'Coșbuc',
  'Rebreanu',
  'Vlahuță',
  'Topârceanu',
  'Lăpușneanu',
  'Ghica',
  'Sturdza',
  'Brătianu',
  'Hasdeu',
  'Arghezi',
  'Blaga',
  'Caragiale',
  'Slavici',
];
const NOUNS = [
  'Florilor',
  'Teilor',
  'Plopilor',
  'Salcâmilor',
  'Trandafirilor',
  'Morii',
  'Viilor',
  'Livezii',
  'Pădurii',
  'Izvorului',
  'Fântânii',
  'Școlii',
  'Bisericii',
  'Gării',
  'Păcii',
  'Unirii',
  'Libertății',
  'Primăverii',
  'Dealului',
  'Văii',
  'Câmpului',
  'Grădinilor',
  'Zorilor',
  'Stejarului',
  'Castanilor',
  'Nucului',
  'Cireșilor',
  'Meșteșugarilor',
  'Păcurari',
  'Sărărie',
];
const VILLAGE_A = [
  'Valea',
  'Poiana',
  'Dealu',
  'Slobozia',
  'Podu',
  'Satu',
  'Lunca',
  'Vatra',
  'Fântâna',
  'Piatra',
];
const VILLAGE_B = [
  'Mare',
  'Mică',
  'Nouă',
  'Lupului',
  'Ursului',
  'Seacă',
  'Albă',
  'Verde',
  'Lungă',
  'Rece',
  'Ilenei',
  'Oilor',
  'Morii',
  'Hoții',
  'Adâncă',
];
const PLACES = [
  'Școala Gimnazială',
  'Biserica',
  'Dispensarul',
  'Primăria',
  'Farmacia',
  'Magazinul',
  'Grădinița',
  'Stația',
  'Parcul',
  'Liceul Teoretic',
];

export function generateGazetteer(total: number, each: (batch: GazetteerRow[]) => Promise<void>) {
  const next = seededRandom(20_260_301); // the same rows on every machine
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)] as T;
  const point = () => ({
    lat: CENTRE.lat + (next() - 0.5) * (120_000 / 111_320),
    lng: CENTRE.lng + (next() - 0.5) * (120_000 / 75_700),
  });
  const localities: string[] = [];
  let id = 0;
  return (async () => {
    let batch: GazetteerRow[] = [];
    const push = async (row: Omit<GazetteerRow, 'search_text' | 'osm_id' | 'county'>) => {
      const full = { ...row, osm_id: ++id, county: 'Iași' };
      batch.push({ ...full, search_text: searchTextOf(full) });
      if (batch.length === 1000) {
        await each(batch);
        batch = [];
      }
    };
    for (let i = 0; i < total; i++) {
      const at = point();
      const share = i % 100;
      if (share < 1) {
        const name = `${pick(VILLAGE_A)} ${pick(VILLAGE_B)}${localities.length > 150 ? ` ${Math.floor(i / 100)}` : ''}`;
        localities.push(name);
        await push({
          osm_type: 'n',
          kind: 'locality',
          name,
          street: null,
          housenumber: null,
          city: null,
          ...at,
        });
        continue;
      }
      const city = localities.length > 0 && next() < 0.7 ? pick(localities) : 'Iași';
      const person = `${pick(FIRST)} ${pick(LAST)}`;
      const street = `${pick(TYPES)} ${next() < 0.6 ? person : pick(NOUNS)}`;
      if (share < 71) {
        await push({
          osm_type: 'w',
          kind: 'street',
          name: street,
          street,
          housenumber: null,
          city,
          ...at,
        });
      } else if (share < 96) {
        const number = String(1 + Math.floor(next() * 150));
        await push({
          osm_type: 'n',
          kind: 'house',
          name: `${street} ${number}`,
          street,
          housenumber: number,
          city,
          ...at,
        });
      } else {
        await push({
          osm_type: 'n',
          kind: 'place',
          name: `${pick(PLACES)} ${person}`,
          street: null,
          housenumber: null,
          city,
          ...at,
        });
      }
    }
    if (batch.length > 0) await each(batch);
  })();
}

async function start() {
  const databaseUrl = process.env.BENCH_SERVER_DATABASE_URL;
  const rows = Number(process.env.BENCH_GAZETTEER_ROWS ?? 200_000);
  const database = databaseUrl ? await openPostgres(databaseUrl) : await openPgliteWorker();
  await migrate(database);
  const company = await buildCompany(database.db, { lat: CENTRE.lat, lng: CENTRE.lng });
  const dispatcher = await buildUser(database.db, {
    roles: ['dispatcher'],
    companyIds: [company.id],
  });
  const started = Date.now();
  await generateGazetteer(rows, (batch) => upsertGazetteer(database.db, batch));
  const seedSeconds = (Date.now() - started) / 1000;
  // Fresh statistics, as autovacuum would have them on a live database.
  await database.db.execute('analyze');

  const app = await buildBenchApp(database, databaseUrl);
  const url = await app.listen({ host: '127.0.0.1', port: 0 });
  const token = await loginToken(url, dispatcher.email);
  const info: PlacesAppInfo = { url, token, database: database.kind, rows, seedSeconds };
  serveUntilParentLeaves(info, async () => {
    await app.close();
    await database.close();
  });
}

if (process.env.BENCH_PLACES_NO_START !== '1') start().catch(failStartup);

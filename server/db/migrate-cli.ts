import { loadConfig } from '../config';
import { openDatabase } from './open';

/** `npm run db:migrate`: brings the configured database up to date without starting the server. */
const config = loadConfig();
const database = await openDatabase(config); // opening migrates
console.log(`migrated the ${database.kind} database`);
await database.close();

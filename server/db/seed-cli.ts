import { loadConfig } from '../config';
import { openDatabase } from './open';
import { seedDemoIfEmpty } from './seed';

/** `npm run db:seed`: creates the demo in the configured database if it has no users yet. */
const config = loadConfig();
const database = await openDatabase(config);
const seeded = await seedDemoIfEmpty(database.db);
console.log(seeded ? 'demo data created' : 'the database already has users: nothing seeded');
await database.close();

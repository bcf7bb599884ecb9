import { sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../server/db/client';
import { buildCompany, DEFAULT_PASSWORD } from '../../server/db/factories';
import { polygons, stands } from '../../server/db/schema';
import { hashPassword } from '../../server/lib/passwords';
import { newToken, tokenDigest } from '../../server/lib/tokens';
import { STAND_RADIUS_M, standCenters, zoneShapes } from './fleet-geometry';

/** A seeded user with a live session: what a load generator connects a socket with. */
export interface SeededSession {
  userId: number;
  companyId: number;
  token: string;
}

export interface FleetSeed {
  companyIds: number[];
  drivers: SeededSession[];
  dispatchers: SeededSession[];
  seconds: number;
}

/**
 * Seeds the fleet benchmarks' data set-based, before the app starts (its readers then load it
 * as they would after a restart): `companies` companies at the box's centre, each with the same
 * 50 zones and 10 stands (fleet-geometry.ts); `drivers` drivers split evenly over the companies,
 * each with a car and **already online** (a seed writes the state before any reader starts, as
 * the drivers' write-path rule allows; going online one PATCH at a time is not what these
 * benchmarks measure); `dispatchers` dispatchers likewise; and one session per user, issued as
 * the auth service issues them (a random token, only its SHA-256 stored).
 */
export async function seedFleet(
  db: Db,
  counts: { companies: number; drivers: number; dispatchers: number },
): Promise<FleetSeed> {
  const started = performance.now();
  const companyIds: number[] = [];
  for (let k = 0; k < counts.companies; k++) {
    const company = await buildCompany(db, {
      name: `Bench Flota ${k + 1}`,
      lat: 44.425,
      lng: 26.1,
    });
    companyIds.push(company.id);
  }
  const shapes = zoneShapes();
  await db.insert(polygons).values(
    companyIds.flatMap((company_id) =>
      shapes.map((shape) => ({
        company_id,
        name: shape.name,
        priority: shape.priority,
        paths: shape.paths,
      })),
    ),
  );
  await db.insert(stands).values(
    companyIds.flatMap((company_id) =>
      standCenters().map((center, i) => ({
        company_id,
        name: `Stație ${i + 1}`,
        lat: center.lat,
        long: center.long,
        radius: STAND_RADIUS_M,
      })),
    ),
  );

  const passwordHash = await hashPassword(DEFAULT_PASSWORD);
  const drivers = await seedUsers(db, 'driver', counts.drivers, companyIds, passwordHash);
  const dispatchers = await seedUsers(
    db,
    'dispatcher',
    counts.dispatchers,
    companyIds,
    passwordHash,
  );
  await db.execute(sql`analyze`);
  return {
    companyIds,
    drivers,
    dispatchers,
    seconds: Math.round((performance.now() - started) / 100) / 10,
  };
}

async function seedUsers(
  db: Db,
  role: 'driver' | 'dispatcher',
  count: number,
  companyIds: readonly number[],
  passwordHash: string,
): Promise<SeededSession[]> {
  if (count === 0) return [];
  const isDriver = role === 'driver';
  const ids = rowsOf<{ id: number; n: number }>(
    await db.execute(sql`insert into users (name, email, identifier, roles, password_hash,
        is_online, idle_from, last_activity_at)
      select ${isDriver ? 'Șofer ' : 'Dispecer '} || g, ${`bench-${role}-`} || g || '@bench.ogo.local',
        ${isDriver ? sql`(10000 + g)::text` : sql`null`}, array[${role}]::text[], ${passwordHash},
        ${isDriver}, ${isDriver ? sql`now() at time zone 'utc'` : sql`null`}, now() at time zone 'utc'
      from generate_series(1, ${count}::int) g
      returning id, (regexp_match(email, '-(\\d+)@'))[1]::int as n`),
  ).sort((a, b) => a.n - b.n);
  const companyOf = (n: number) => companyIds[(n - 1) % companyIds.length] as number;
  const userIds = ids.map((row) => row.id);
  const companies = ids.map((row) => companyOf(row.n));
  await db.execute(sql`insert into company_users (company_id, user_id)
    select * from unnest(${sql.param(companies)}::int[], ${sql.param(userIds)}::int[])`);
  if (isDriver) {
    await db.execute(sql`insert into cars (company_id, driver_id, indicativ, make, model, color, number)
      select c, u, (10000 + n)::text, 'Dacia', 'Logan', 'Alb', 'B-' || n || '-OGO'
      from unnest(${sql.param(companies)}::int[], ${sql.param(userIds)}::int[],
        ${sql.param(ids.map((row) => row.n))}::int[]) as t(c, u, n)`);
  }
  const tokens = ids.map(() => newToken());
  await db.execute(sql`insert into access_tokens (user_id, token_hash, expires_at, ip, user_agent)
    select u, h, (now() at time zone 'utc') + interval '1 day', '127.0.0.1', 'ogo-bench'
    from unnest(${sql.param(userIds)}::int[], ${sql.param(tokens.map(tokenDigest))}::text[]) as t(u, h)`);
  return ids.map((row, i) => ({
    userId: row.id,
    companyId: companies[i] as number,
    token: tokens[i] as string,
  }));
}

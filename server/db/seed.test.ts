import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness';
import { cars, companies, contentPages, users } from './schema';
import { DEMO_ACCOUNTS, seedDemoIfEmpty } from './seed';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('demo seed (issue #2 item 4)', () => {
  it('fills an empty database once, with the admin as user 1 and every package', async () => {
    expect(await seedDemoIfEmpty(t.db)).toBe(true);
    expect(await seedDemoIfEmpty(t.db)).toBe(false);

    const [admin] = await t.db.select().from(users).where(eq(users.id, 1));
    expect(admin?.email).toBe(DEMO_ACCOUNTS.admin);
    expect(admin?.roles).toEqual(['admin']);

    const packages = (await t.db.select({ p: companies.package_id }).from(companies))
      .map((r) => r.p)
      .sort();
    expect(packages).toEqual([1, 1, 2, 3]);

    const [{ drivers } = { drivers: 0 }] = await t.db
      .select({ drivers: sql<number>`count(*)::int` })
      .from(users)
      .innerJoin(cars, eq(cars.driver_id, users.id))
      .where(sql`'driver' = any(${users.roles})`);
    expect(drivers).toBeGreaterThanOrEqual(30);
    expect((await t.db.select().from(contentPages).where(eq(contentPages.id, 1))).length).toBe(1);
  });

  it('lets every demo account log in with ogo-demo', async () => {
    for (const email of Object.values(DEMO_ACCOUNTS)) {
      await expect(t.login({ email, password: 'ogo-demo' })).resolves.toHaveProperty('token');
    }
  });
});

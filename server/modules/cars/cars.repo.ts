import type { CarRecord, ListCarsQuery } from '@common/cars/cars.schema';
import { and, asc, count, eq, inArray, ne, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { cars, companies, users } from '../../db/schema';
import { utcNow } from '../../db/schema/columns';
import type { TenantScope } from '../../http/auth-context';

/** Cars visible to a scope: those of its companies. */
const inScope = (scope: TenantScope): SQL | undefined =>
  scope.kind === 'all' ? undefined : inArray(cars.company_id, scope.companyIds);

const carColumns = {
  id: cars.id,
  company_id: cars.company_id,
  company_name: sql<string>`(select co.name from ${companies} co where co.id = ${cars.company_id})`,
  driver_id: cars.driver_id,
  driver_name: sql<string | null>`(select u.name from ${users} u where u.id = ${cars.driver_id})`,
  indicativ: cars.indicativ,
  make: cars.make,
  model: cars.model,
  color: cars.color,
  number: cars.number,
  year: cars.year,
  seats: cars.seats,
  itp_until: cars.itp_until,
  rca_until: cars.rca_until,
  license_until: cars.license_until,
  updated_at: cars.updated_at,
};

export async function findCar(
  db: DbOrTx,
  scope: TenantScope,
  id: number,
): Promise<CarRecord | undefined> {
  const [row] = await db
    .select(carColumns)
    .from(cars)
    .where(and(eq(cars.id, id), inScope(scope)))
    .limit(1);
  return row;
}

export async function listCars(db: DbOrTx, scope: TenantScope, query: ListCarsQuery) {
  const filters: (SQL | undefined)[] = [inScope(scope)];
  if (query.company_id !== undefined) filters.push(eq(cars.company_id, query.company_id));
  if (query.driver_id !== undefined) filters.push(eq(cars.driver_id, query.driver_id));
  if (query.search) {
    const like = `%${query.search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    filters.push(
      sql`(lower(${cars.indicativ}) like ${like} or lower(${cars.number}) like ${like}
        or f_unaccent(lower(${cars.make} || ' ' || ${cars.model})) like f_unaccent(${like})
        or exists (select 1 from ${users} u where u.id = ${cars.driver_id}
          and f_unaccent(lower(u.name)) like f_unaccent(${like})))`,
    );
  }
  const where = and(...filters);
  const [rows, [total]] = await Promise.all([
    db
      .select(carColumns)
      .from(cars)
      .where(where)
      // Call signs are mostly numbers: '9' before '10'.
      .orderBy(asc(sql`length(${cars.indicativ})`), asc(cars.indicativ), asc(cars.id))
      .limit(query.per_page)
      .offset((query.page - 1) * query.per_page),
    db.select({ value: count() }).from(cars).where(where),
  ]);
  return {
    data: rows,
    meta: { total: total?.value ?? 0, page: query.page, per_page: query.per_page },
  };
}

/** A driver has one car: frees his other cars (any company); their ids. */
export async function releaseDriver(db: DbOrTx, driverId: number, exceptCarId?: number) {
  await db
    .update(cars)
    .set({ driver_id: null, updated_at: utcNow })
    .where(and(eq(cars.driver_id, driverId), exceptCarId ? ne(cars.id, exceptCarId) : undefined));
}

/** The car holding a call sign in a company, other than `exceptId`. */
export async function indicativHolder(
  db: DbOrTx,
  companyId: number,
  indicativ: string,
  exceptId?: number,
) {
  const [row] = await db
    .select({ id: cars.id })
    .from(cars)
    .where(
      and(
        eq(cars.company_id, companyId),
        eq(cars.indicativ, indicativ),
        exceptId ? ne(cars.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  return row;
}

export type CarValues = Omit<CarRecord, 'id' | 'company_name' | 'driver_name' | 'updated_at'>;

export async function insertCar(db: DbOrTx, values: CarValues): Promise<number> {
  const [row] = await db.insert(cars).values(values).returning({ id: cars.id });
  if (!row) throw new Error('car insert returned no row');
  return row.id;
}

export async function updateCar(db: DbOrTx, id: number, values: Partial<CarValues>) {
  await db
    .update(cars)
    .set({ ...values, updated_at: utcNow })
    .where(eq(cars.id, id));
}

export async function deleteCar(db: DbOrTx, id: number) {
  await db.delete(cars).where(eq(cars.id, id));
}

/** Whether the company exists. */
export async function companyExists(db: DbOrTx, id: number) {
  const [row] = await db
    .select({ id: companies.id })
    .from(companies)
    .where(eq(companies.id, id))
    .limit(1);
  return row !== undefined;
}

import { type SearchItem, SearchItemSchema } from '@common/dispatch/search-method.schema';
import { and, eq, inArray, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { companies } from '../../db/schema';
import type { TenantScope } from '../../http/auth-context';

/** The companies of a scope: every one for the platform admin, the caller's otherwise. */
const inScope = (scope: TenantScope, ...more: SQL[]) =>
  scope.kind === 'all'
    ? and(...more)
    : and(inArray(companies.id, scope.companyIds.length > 0 ? scope.companyIds : [0]), ...more);

const settingsColumns = {
  id: companies.id,
  name: companies.name,
  type: companies.type,
  package_id: companies.package_id,
  cui: companies.cui,
  phone: companies.phone,
  address: companies.address,
  lat: companies.lat,
  lng: companies.lng,
  default_service_id: companies.default_service_id,
  dispatch_defaults: companies.dispatch_defaults,
  trial_ends_at: companies.trial_ends_at,
};

export async function findSettings(db: DbOrTx, scope: TenantScope, companyId: number) {
  const [row] = await db
    .select(settingsColumns)
    .from(companies)
    .where(inScope(scope, eq(companies.id, companyId)))
    .limit(1);
  return row;
}

export async function updateSettings(
  db: DbOrTx,
  scope: TenantScope,
  companyId: number,
  values: {
    name: string;
    phone: string | null;
    address: string | null;
    lat: number | null;
    lng: number | null;
    default_service_id: number | null;
    dispatch_defaults: SearchItem | null;
  },
) {
  const [row] = await db
    .update(companies)
    .set(values)
    .where(inScope(scope, eq(companies.id, companyId)))
    .returning({ id: companies.id });
  return row;
}

/**
 * The search step a company set for when none of its search intervals applies (/settings),
 * or null. Read by the dispatch engine (search-plan.ts); a stored value that no longer fits the
 * contract is ignored rather than trusted.
 */
export async function dispatchDefaultsOf(
  db: DbOrTx,
  companyId: number,
): Promise<SearchItem | null> {
  const [row] = await db
    .select({ value: companies.dispatch_defaults })
    .from(companies)
    .where(eq(companies.id, companyId))
    .limit(1);
  const parsed = SearchItemSchema.safeParse(row?.value);
  return parsed.success ? parsed.data : null;
}

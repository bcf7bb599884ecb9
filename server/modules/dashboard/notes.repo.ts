import type { Announcement, Incident } from '@common/dashboard/dashboard.schema';
import { and, desc, eq, isNull, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { announcements, incidents, orders, users } from '../../db/schema';
import { utcNow } from '../../db/schema/columns';
import { oneOf } from '../../db/sql';
import type { TenantScope } from '../../http/auth-context';
import { inOrderScope } from '../orders/orders.repo';

/** The dashboard's announcements and incidents (docs/ADMINISTRATION.md "Dashboard"). */

const LIST_LIMIT = 50;

const scoped = (
  column: typeof announcements.company_id | typeof incidents.company_id,
  scope: TenantScope,
) => (scope.kind === 'all' ? undefined : oneOf(column, scope.companyIds));

const author = alias(users, 'author');
const announcementColumns = {
  id: announcements.id,
  company_id: announcements.company_id,
  title: announcements.title,
  message: announcements.message,
  author_name: author.name,
  expires_at: announcements.expires_at,
  created_at: announcements.created_at,
};

/** Neither archived nor past its expiry. */
const activeAnnouncement: SQL | undefined = and(
  isNull(announcements.archived_at),
  or(isNull(announcements.expires_at), sql`${announcements.expires_at} > ${utcNow}`),
);

export async function listActiveAnnouncements(
  db: DbOrTx,
  scope: TenantScope,
): Promise<Announcement[]> {
  return db
    .select(announcementColumns)
    .from(announcements)
    .leftJoin(author, eq(author.id, announcements.author_id))
    .where(and(scoped(announcements.company_id, scope), activeAnnouncement))
    .orderBy(desc(announcements.created_at), desc(announcements.id))
    .limit(LIST_LIMIT);
}

async function findAnnouncement(db: DbOrTx, id: number): Promise<Announcement | undefined> {
  const [row] = await db
    .select(announcementColumns)
    .from(announcements)
    .leftJoin(author, eq(author.id, announcements.author_id))
    .where(eq(announcements.id, id));
  return row;
}

export async function insertAnnouncement(
  db: DbOrTx,
  values: typeof announcements.$inferInsert,
): Promise<Announcement> {
  const [row] = await db.insert(announcements).values(values).returning({ id: announcements.id });
  const created = row && (await findAnnouncement(db, row.id));
  if (!created) throw new Error('announcement insert returned no row');
  return created;
}

/** Archives an announcement of the scope; undefined when there is none by that id. */
export async function archiveAnnouncement(
  db: DbOrTx,
  scope: TenantScope,
  id: number,
): Promise<Announcement | undefined> {
  const [row] = await db
    .update(announcements)
    .set({ archived_at: sql`coalesce(${announcements.archived_at}, ${utcNow})` })
    .where(and(eq(announcements.id, id), scoped(announcements.company_id, scope)))
    .returning({ id: announcements.id });
  return row && findAnnouncement(db, row.id);
}

const driver = alias(users, 'driver');
const reporter = alias(users, 'reporter');
const incidentColumns = {
  id: incidents.id,
  company_id: incidents.company_id,
  order_id: incidents.order_id,
  driver_id: incidents.driver_id,
  driver_name: driver.name,
  source: incidents.source,
  reported_by_name: reporter.name,
  description: incidents.description,
  state: sql<Incident['state']>`${incidents.state}`,
  created_at: incidents.created_at,
  resolved_at: incidents.resolved_at,
};

function selectIncidents(db: DbOrTx) {
  return db
    .select(incidentColumns)
    .from(incidents)
    .leftJoin(driver, eq(driver.id, incidents.driver_id))
    .leftJoin(reporter, eq(reporter.id, incidents.reported_by));
}

export async function listIncidents(
  db: DbOrTx,
  scope: TenantScope,
  state: Incident['state'] | 'all',
): Promise<Incident[]> {
  return selectIncidents(db)
    .where(
      and(
        scoped(incidents.company_id, scope),
        state === 'all' ? undefined : eq(incidents.state, state),
      ),
    )
    .orderBy(desc(incidents.created_at), desc(incidents.id))
    .limit(LIST_LIMIT);
}

export async function insertIncident(
  db: DbOrTx,
  values: typeof incidents.$inferInsert,
): Promise<Incident> {
  const [row] = await db.insert(incidents).values(values).returning({ id: incidents.id });
  const [created] = row ? await selectIncidents(db).where(eq(incidents.id, row.id)) : [];
  if (!created) throw new Error('incident insert returned no row');
  return created;
}

/** Resolves an incident of the scope (a resolved one stays as it was); undefined: none. */
export async function resolveIncident(
  db: DbOrTx,
  scope: TenantScope,
  id: number,
  userId: number,
): Promise<Incident | undefined> {
  const [row] = await db
    .update(incidents)
    .set({
      state: 'resolved',
      resolved_at: sql`coalesce(${incidents.resolved_at}, ${utcNow})`,
      resolved_by: sql`coalesce(${incidents.resolved_by}, ${userId}::int)`,
    })
    .where(and(eq(incidents.id, id), scoped(incidents.company_id, scope)))
    .returning({ id: incidents.id });
  if (!row) return undefined;
  const [resolved] = await selectIncidents(db).where(eq(incidents.id, row.id));
  return resolved;
}

/** A trip of this driver (he drives or drove it): its company. */
export async function tripOfDriver(
  db: DbOrTx,
  driverId: number,
  id: number,
): Promise<{ company_id: number } | undefined> {
  const [row] = await db
    .select({ company_id: orders.processed_by_company_id })
    .from(orders)
    .where(and(eq(orders.id, id), eq(orders.driver_id, driverId)));
  return row && row.company_id !== null ? { company_id: row.company_id } : undefined;
}

/** The order an incident is reported on, if the caller may see it: its company and driver. */
export async function orderForIncident(
  db: DbOrTx,
  scope: TenantScope,
  id: number,
): Promise<{ company_id: number; driver_id: number | null } | undefined> {
  const [row] = await db
    .select({ company_id: orders.processed_by_company_id, driver_id: orders.driver_id })
    .from(orders)
    .where(and(eq(orders.id, id), inOrderScope(scope)));
  return row && row.company_id !== null
    ? { company_id: row.company_id, driver_id: row.driver_id }
    : undefined;
}

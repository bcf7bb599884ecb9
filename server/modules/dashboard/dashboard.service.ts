import { chartWindow } from '@common/dashboard/chart-window';
import {
  ANNOUNCEMENT_EXPIRED,
  type Announcement,
  type AnnouncementBody,
  type ChartRange,
  type CommonStatistics,
  INCIDENT_ORDER_UNKNOWN,
  type Incident,
  type IncidentBody,
  type OrdersChart,
} from '@common/dashboard/dashboard.schema';
import { sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/client';
import { AppError, validationFailed } from '../../http/app-error';
import { type AuthContext, ownerOf, scopeOf } from '../../http/auth-context';
import * as notes from './notes.repo';
import * as stats from './statistics.repo';

export interface DashboardDeps {
  db: Db;
  /** Drivers online and busy now, from the live fleet (null: every company). */
  driverCounts: (companyIds: number[] | null) => { online: number; busy: number };
}

/**
 * The admin dashboard (Common statistics): its counters and chart, and the
 * announcements and incidents they count (docs/ADMINISTRATION.md "Dashboard"), all scoped to the
 * caller's companies; the platform admin sees every company.
 */
export function createDashboardService({ db, driverCounts }: DashboardDeps) {
  async function commonStatistics(auth: AuthContext): Promise<CommonStatistics> {
    const scope = scopeOf(auth);
    const counts = await stats.storedCounts(db, scope);
    // The same live figures as the console's top bar (the fleet's index).
    const drivers = driverCounts(scope.kind === 'all' ? null : scope.companyIds);
    return {
      driversCount: counts.drivers,
      driversOnlineCount: drivers.online,
      driversBusyCount: drivers.busy,
      clientsCount: counts.clients,
      ordersTodayCount: counts.ordersToday,
      canceledOrdersTodayCount: counts.canceledToday,
      ordersTotalCount: counts.ordersTotal,
      announcesCount: counts.announcements,
      incidentsCount: counts.incidents,
    };
  }

  async function ordersChart(auth: AuthContext, range: ChartRange): Promise<OrdersChart> {
    const scope = scopeOf(auth);
    const { today, firstDay } = await stats.chartBounds(db, scope);
    const window = chartWindow(range, today, firstDay);
    const points = await stats.chartPoints(db, scope, { ...window, to: today });
    return { range, granularity: window.granularity, points };
  }

  async function createAnnouncement(
    auth: AuthContext,
    body: AnnouncementBody,
  ): Promise<Announcement> {
    const companyId = ownerOf(auth);
    if (body.expires_at) {
      const [row] = rowsOf<{ future: boolean }>(
        await db.execute(
          sql`select ${body.expires_at}::timestamp > (now() at time zone 'utc') as future`,
        ),
      );
      if (!row?.future) throw validationFailed({ expires_at: [ANNOUNCEMENT_EXPIRED] });
    }
    return notes.insertAnnouncement(db, {
      company_id: companyId,
      author_id: auth.userId,
      title: body.title,
      message: body.message,
      expires_at: body.expires_at ?? null,
    });
  }

  async function archiveAnnouncement(auth: AuthContext, id: number): Promise<Announcement> {
    const row = await notes.archiveAnnouncement(db, scopeOf(auth), id);
    if (!row) throw new AppError('not_found', 'Anunțul nu a fost găsit.');
    return row;
  }

  async function createIncident(auth: AuthContext, body: IncidentBody): Promise<Incident> {
    const scope = scopeOf(auth);
    let target: { company_id: number; driver_id: number | null };
    if (body.order_id) {
      const order = await notes.orderForIncident(db, scope, body.order_id);
      // Another company's order is as unknown as a missing one.
      if (!order) throw validationFailed({ order_id: [INCIDENT_ORDER_UNKNOWN] });
      target = order;
    } else {
      target = { company_id: ownerOf(auth), driver_id: null };
    }
    return notes.insertIncident(db, {
      company_id: target.company_id,
      order_id: body.order_id ?? null,
      driver_id: target.driver_id,
      reported_by: auth.userId,
      source: 'dispatcher',
      description: body.description,
    });
  }

  /** docs/DRIVER-API.md: a driver's report, on a trip of his own or about his day. */
  async function reportDriverIncident(auth: AuthContext, body: IncidentBody): Promise<Incident> {
    let companyId: number;
    if (body.order_id) {
      const trip = await notes.tripOfDriver(db, auth.userId, body.order_id);
      // An order he did not drive is as unknown as a missing one.
      if (!trip) throw validationFailed({ order_id: [INCIDENT_ORDER_UNKNOWN] });
      companyId = trip.company_id;
    } else {
      companyId = ownerOf(auth);
    }
    return notes.insertIncident(db, {
      company_id: companyId,
      order_id: body.order_id ?? null,
      driver_id: auth.userId,
      reported_by: auth.userId,
      source: 'driver',
      description: body.description,
    });
  }

  async function resolveIncident(auth: AuthContext, id: number): Promise<Incident> {
    const row = await notes.resolveIncident(db, scopeOf(auth), id, auth.userId);
    if (!row) throw new AppError('not_found', 'Incidentul nu a fost găsit.');
    return row;
  }

  return {
    commonStatistics,
    ordersChart,
    listAnnouncements: (auth: AuthContext) => notes.listActiveAnnouncements(db, scopeOf(auth)),
    createAnnouncement,
    archiveAnnouncement,
    listIncidents: (auth: AuthContext, state: Incident['state'] | 'all') =>
      notes.listIncidents(db, scopeOf(auth), state),
    createIncident,
    reportDriverIncident,
    resolveIncident,
  };
}

export type DashboardService = ReturnType<typeof createDashboardService>;

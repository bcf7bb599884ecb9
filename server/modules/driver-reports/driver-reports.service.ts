import {
  type CreatedReportLink,
  type CreateReportLinkBody,
  type DriverOrdersQuery,
  type DriverReport,
  type DriverTripList,
  REPORT_LINK_DEFAULT_DAYS,
  REPORT_LINK_INVALID,
  REPORT_LINK_NOT_FOUND,
  type ReportLink,
} from '@common/driver-reports/driver-reports.schema';
import type { Db } from '../../db/client';
import { AppError, notFound } from '../../http/app-error';
import { type AuthContext, scopeOf } from '../../http/auth-context';
import type { FailureCounter } from '../../lib/failure-counter';
import { newToken, tokenDigest } from '../../lib/tokens';
import * as repo from './driver-reports.repo';

export interface DriverReportsDeps {
  db: Db;
  /** PUBLIC_URL: the absolute link the create answer carries beside its path. */
  publicUrl: string;
  /** Unknown tokens per caller address (the public page's guessing brake). */
  misses: FailureCounter;
  maxMisses: number;
  missWindowSeconds: number;
}

/** The public page's path for a token (/driver/reports/{token}). */
export const reportPath = (token: string) => `/driver/reports/${token}`;

/**
 * Driver order list and /driver/reports/{token}: a driver's trips for his
 * company's administrators, and a link that shows them to whoever holds it. The token is 256
 * random bits shown once; only its SHA-256 is stored, it expires and can be revoked.
 */
export function createDriverReportsService(deps: DriverReportsDeps) {
  const { db } = deps;

  /** The driver in the caller's scope and the companies whose records the caller may see. */
  async function driverOf(auth: AuthContext, driverId: number) {
    const scope = scopeOf(auth);
    const driver = await repo.findDriver(db, scope, driverId);
    if (!driver) throw notFound('driver');
    const companyIds =
      scope.kind === 'all'
        ? undefined
        : driver.companyIds.filter((id) => scope.companyIds.includes(id));
    return { driver, companyIds };
  }

  const invalidLink = () => new AppError('not_found', REPORT_LINK_INVALID);
  const tooMany = () =>
    new AppError(
      'too_many_requests',
      'Prea multe încercări. Încercați din nou mai târziu.',
      undefined,
      { 'retry-after': String(deps.missWindowSeconds) },
    );

  return {
    async orders(
      auth: AuthContext,
      driverId: number,
      query: DriverOrdersQuery,
    ): Promise<DriverTripList> {
      const { companyIds } = await driverOf(auth, driverId);
      return repo.listTrips(db, { driverId, companyIds, ...query });
    },

    async createLink(
      auth: AuthContext,
      driverId: number,
      body: CreateReportLinkBody,
    ): Promise<CreatedReportLink> {
      const { driver, companyIds } = await driverOf(auth, driverId);
      // The link belongs to the driver's company the caller administers (the admin: his first).
      const companyId = (companyIds ?? driver.companyIds)[0];
      if (companyId === undefined) throw notFound('driver');
      const token = newToken();
      const id = await repo.insertLink(db, {
        company_id: companyId,
        driver_id: driverId,
        token_hash: tokenDigest(token),
        days: body.days ?? REPORT_LINK_DEFAULT_DAYS,
        created_by: auth.userId,
      });
      const [link] = await repo.listLinks(db, driverId, undefined, id);
      if (!link) throw new Error('a report link just made was not found');
      const path = reportPath(token);
      return { link, path, url: new URL(path, deps.publicUrl).toString() };
    },

    async links(auth: AuthContext, driverId: number): Promise<ReportLink[]> {
      const { companyIds } = await driverOf(auth, driverId);
      return repo.listLinks(db, driverId, companyIds);
    },

    async revoke(auth: AuthContext, driverId: number, linkId: number): Promise<void> {
      const { companyIds } = await driverOf(auth, driverId);
      if (!(await repo.revokeLink(db, driverId, companyIds, linkId))) {
        throw new AppError('not_found', REPORT_LINK_NOT_FOUND);
      }
    },

    /**
     * The public report: only the link's driver's trips in the link's company. An address that
     * misses too often is told to wait, so tokens cannot be tried in bulk (they are 256 bits, so
     * this only keeps the misses cheap).
     */
    async report(token: string, page: number, caller: string): Promise<DriverReport> {
      // Counted as a miss before the lookup, in one step (a burst passes no limit); a hit is
      // no miss and gives it back.
      const attempt = await deps.misses.reserve([
        { key: `driver-report:${caller}`, max: deps.maxMisses },
      ]);
      if (!attempt.allowed) throw tooMany();
      const link = await repo.findLiveLink(db, tokenDigest(token));
      if (!link) throw invalidLink();
      await attempt.release();
      const trips = await repo.listTrips(db, {
        driverId: link.driver_id,
        companyIds: [link.company_id],
        page,
      });
      return {
        driver: { name: link.name, indicativ: link.indicativ },
        expires_at: link.expires_at,
        trips,
      };
    },
  };
}

export type DriverReportsService = ReturnType<typeof createDriverReportsService>;

import type { SimulatorSession } from '@common/simulator/simulator.schema';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { notFound } from '../../http/app-error';
import type { AuthContext } from '../../http/auth-context';
import type { AuthService } from '../auth/auth.service';
import * as repo from './simulator.repo';

export interface SimulatorServiceDeps {
  db: Db;
  auth: Pick<AuthService, 'issueDriverSession'>;
  /** SIMULATOR_SESSION_HOURS, in seconds. */
  sessionTtlSeconds: number;
}

/**
 * Simulators: a dispatcher (or admin) acts as one of his company's drivers through
 * the driver's own paths. Only his companies' drivers, even for the platform admin: acting as
 * someone is narrower than reading their data.
 */
export function createSimulatorService(deps: SimulatorServiceDeps) {
  async function createSession(
    auth: AuthContext,
    driverId: number,
    client: { ip: string; userAgent: string | null; log: Pick<FastifyBaseLogger, 'info'> },
  ): Promise<SimulatorSession> {
    const driver = await repo.findCompanyDriver(deps.db, auth.companyIds, driverId);
    if (!driver) throw notFound('driver');
    // The driver role alone, in the one company the two share, while the caller's session lives.
    const session = await deps.auth.issueDriverSession(driver.id, {
      companyId: driver.company_id,
      mintedBy: auth.tokenId,
      ttlSeconds: deps.sessionTtlSeconds,
      ip: client.ip,
      userAgent: client.userAgent,
    });
    // Who acted as whom, for the audit (never the token:).
    client.log.info(
      {
        simulator: {
          by_user_id: auth.userId,
          driver_id: driver.id,
          company_id: driver.company_id,
          expires_at: session.expires_at,
        },
      },
      'simulator session issued',
    );
    return session;
  }

  return { createSession };
}

export type SimulatorService = ReturnType<typeof createSimulatorService>;

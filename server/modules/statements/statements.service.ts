import type {
  Month,
  Statement,
  StatementClients,
  StatementRide,
  StatementTotals,
} from '@common/money/statements.schema';
import type { Db } from '../../db/client';
import { notFound } from '../../http/app-error';
import { type AuthContext, isAdmin } from '../../http/auth-context';
import type { Download } from '../../http/download';
import { sheetDownload } from '../../lib/spreadsheets/sheet-download';
import type { ActingCompany } from '../companies/acting-company';
import { statementSheet } from './statement-sheet';
import * as repo from './statements.repo';

const FLEET_ONLY = 'Deconturile sunt ale companiei care are flota.';

const sum = (rides: readonly StatementRide[]): StatementTotals => ({
  rides: rides.length,
  cost: rides.reduce((total, ride) => total + (ride.cost ?? 0), 0),
  discount: rides.reduce((total, ride) => total + ride.discount, 0),
  billed: rides.reduce((total, ride) => total + ride.billed, 0),
});

/**
 * Protocol statements (docs/MONEY.md "Protocol statements"): a protocol client's finished rides
 * of a month, billed to it by the fleet company that drove them. The fleet's console reads
 * every client's; a protocol client's users read their own company's.
 */
export function createStatementsService(deps: { db: Db; acting: ActingCompany }) {
  const { db, acting } = deps;

  /**
   * The one rule of who reads a statement: the platform admin; the fleet company's console
   * (not its protocol clients); the client's own users. Anyone else learns nothing (404).
   */
  async function readableClient(auth: AuthContext, clientId: number) {
    const client = await repo.protocolClient(db, clientId);
    if (!client) throw notFound('company');
    if (isAdmin(auth) || auth.companyIds.includes(client.id)) return client;
    const fleet = client.parent_company_id;
    if (fleet === null || !auth.companyIds.includes(fleet)) throw notFound('company');
    await acting.require(auth, 'watchesFleet', FLEET_ONLY);
    return client;
  }

  async function statement(auth: AuthContext, clientId: number, month: Month): Promise<Statement> {
    const client = await readableClient(auth, clientId);
    const company =
      client.parent_company_id === null ? null : await repo.party(db, client.parent_company_id);
    const rides = await repo.statementRides(db, client.id, month);
    const { parent_company_id: _, ...clientParty } = client;
    return {
      month,
      company,
      client: clientParty,
      rides,
      totals: sum(rides),
    };
  }

  return {
    async clients(
      auth: AuthContext,
      query: { month: Month; company_id?: number | undefined },
    ): Promise<StatementClients> {
      await acting.require(auth, 'watchesFleet', FLEET_ONLY);
      const companyId = await acting.companyOf(auth, query.company_id);
      const clients = await repo.clientSums(db, companyId, query.month);
      const totals: StatementTotals = { rides: 0, cost: 0, discount: 0, billed: 0 };
      for (const client of clients)
        for (const key of ['rides', 'cost', 'discount', 'billed'] as const)
          totals[key] += client[key];
      return { month: query.month, company_id: companyId, clients, totals };
    },

    statement,

    async exportStatement(
      auth: AuthContext,
      clientId: number,
      query: { month: Month; format: 'csv' | 'xlsx' },
    ): Promise<Download> {
      const found = await statement(auth, clientId, query.month);
      const sheet = statementSheet(found);
      return sheetDownload(sheet, query.format, `decont_${found.client.name}_${query.month}`);
    },
  };
}

export type StatementsService = ReturnType<typeof createStatementsService>;

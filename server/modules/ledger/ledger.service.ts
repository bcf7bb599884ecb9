import {
  type CashMovementBodySchema,
  type DriverBalancePage,
  type DriverBalancesQuery,
  INSUFFICIENT_BALANCE,
  type LedgerEntry,
  type LedgerExportQuery,
  type LedgerPage,
  type LedgerQuery,
  type MyBalance,
  type MyLedgerQuery,
  type Transfer,
  type TransferBodySchema,
} from '@common/money/ledger.schema';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client';
import { notFound, validationFailed } from '../../http/app-error';
import type { AuthContext } from '../../http/auth-context';
import type { Download } from '../../http/download';
import type { ExportSlots } from '../../lib/spreadsheets/export-slots';
import type { Sheet } from '../../lib/spreadsheets/sheet';
import { sheetDownload } from '../../lib/spreadsheets/sheet-download';
import type { ActingCompany } from '../companies/acting-company';
import type { Idempotency } from '../idempotency/idempotency.service';
import { readFinanceSettings } from '../tariffs/tariffs.repo';
import * as repo from './ledger.repo';
import { lockBalances, type NewEntry, nextTransferId } from './ledger-postings.repo';
import { LEDGER_COLUMNS } from './ledger-sheet';
import { postEntries } from './ledger-writes';

const FLEET_ONLY = 'Soldurile sunt ale companiei care are flota.';

type CashMovement = z.output<typeof CashMovementBodySchema>;
type TransferInput = z.output<typeof TransferBodySchema>;

/** Money moved, refused as the spec's field errors so the form keeps what was typed. */
class Overdrawn extends Error {}

/**
 * The drivers' money with the company (docs/MONEY.md "The ledger"): the fleet console reads the
 * balances and the history, the administrators record money paid in and out and transfers; a
 * driver reads his own. Every movement goes through `postEntries`, so the balance is the sum of
 * the entries and every node's engine follows it.
 */
export function createLedgerService(deps: {
  db: Db;
  acting: ActingCompany;
  idempotency: Idempotency;
  /** One file export at a time per person. */
  exportSlots: ExportSlots;
  /** After the commit of a balance move: every node's driver index reads it (drivers' stream). */
  published: (driverSeq: number | undefined) => Promise<void>;
}) {
  const { db, acting, idempotency } = deps;

  async function readable(auth: AuthContext, companyId: number | undefined) {
    await acting.require(auth, 'watchesFleet', FLEET_ONLY);
    return acting.companyOf(auth, companyId);
  }

  async function companyDriver(companyId: number, driverId: number, field: string) {
    if (!(await repo.isCompanyDriver(db, companyId, driverId)))
      throw validationFailed({ [field]: ['Șoferul nu a fost găsit.'] });
  }

  /** Runs a movement once per Idempotency-Key; answers its entries as the lists show them. */
  async function move(
    auth: AuthContext,
    scope: string,
    body: unknown,
    key: string | undefined,
    work: (tx: DbOrTx) => Promise<NewEntry[]>,
  ): Promise<LedgerEntry[]> {
    try {
      const result = await idempotency.once(
        { userId: auth.userId, key, scope, body },
        async (tx) => {
          const entries = await work(tx);
          const { posted, driverSeq } = await postEntries(tx, entries);
          if (posted.some((p) => p === null)) throw new Overdrawn();
          const ids = posted.map((p) => p?.id as number);
          return { id: ids[0] as number, ids, driverSeq };
        },
      );
      if (result.replayed) {
        const [first] = await repo.readEntries(db, [result.id]);
        if (!first) throw notFound('resource');
        if (first.transfer_id === null) return [first];
        return repo.entriesOfTransfer(db, first.transfer_id);
      }
      await deps.published(result.driverSeq);
      return repo.readEntries(db, result.ids);
    } catch (error) {
      if (error instanceof Overdrawn) throw validationFailed({ amount: [INSUFFICIENT_BALANCE] });
      throw error;
    }
  }

  /** The floor a payout or a transfer's sender may not pass: none where the company allows it. */
  async function floorOf(companyId: number) {
    const settings = await readFinanceSettings(db, companyId);
    return settings.allow_negative_balance ? undefined : 0;
  }

  return {
    async balances(auth: AuthContext, query: DriverBalancesQuery): Promise<DriverBalancePage> {
      const companyId = await readable(auth, query.company_id);
      const { min_balance } = await readFinanceSettings(db, companyId);
      const { data, total } = await repo.listBalances(db, companyId, min_balance, query);
      return {
        data,
        meta: { total, page: query.page, per_page: query.per_page },
        min_balance,
      };
    },

    async entries(auth: AuthContext, query: LedgerQuery): Promise<LedgerPage> {
      const companyId = await readable(auth, query.company_id);
      const { data, total } = await repo.listEntries(db, companyId, query);
      return { data, meta: { total, page: query.page, per_page: query.per_page } };
    },

    /** The same entries as a file, streamed a batch at a time (one export per person). */
    async exportEntries(auth: AuthContext, query: LedgerExportQuery): Promise<Download> {
      const companyId = await readable(auth, query.company_id);
      const sheet: Sheet<LedgerEntry> = {
        name: 'Istoric sold',
        columns: LEDGER_COLUMNS,
        rows: repo.entryRows(db, companyId, query),
      };
      const days = [query.date_from ?? 'inceput', query.date_to ?? 'azi'].join('_');
      return sheetDownload(sheet, query.format, `istoric_sold_${days}`, {
        slots: deps.exportSlots,
        userId: auth.userId,
      });
    },

    /** Money the driver paid in at the office. */
    async topUp(
      auth: AuthContext,
      companyId: number | undefined,
      body: CashMovement,
      key: string | undefined,
    ): Promise<LedgerEntry> {
      const company = await acting.companyOf(auth, companyId);
      await companyDriver(company, body.driver_id, 'driver_id');
      const [entry] = await move(auth, 'POST /api/ledger/top-ups', body, key, async () => [
        cash(company, auth, body, 'top_up', body.amount),
      ]);
      return entry as LedgerEntry;
    },

    /** Money paid out to the driver: not past his balance unless the company allows it. */
    async payout(
      auth: AuthContext,
      companyId: number | undefined,
      body: CashMovement,
      key: string | undefined,
    ): Promise<LedgerEntry> {
      const company = await acting.companyOf(auth, companyId);
      await companyDriver(company, body.driver_id, 'driver_id');
      const floor = await floorOf(company);
      const [entry] = await move(auth, 'POST /api/ledger/payouts', body, key, async () => [
        { ...cash(company, auth, body, 'payout', -body.amount), floor },
      ]);
      return entry as LedgerEntry;
    },

    /** Both sides in one transaction, the two balance rows locked in one order. */
    async transfer(
      auth: AuthContext,
      companyId: number | undefined,
      body: TransferInput,
      key: string | undefined,
    ): Promise<Transfer> {
      const company = await acting.companyOf(auth, companyId);
      await companyDriver(company, body.from_driver_id, 'from_driver_id');
      await companyDriver(company, body.to_driver_id, 'to_driver_id');
      const floor = await floorOf(company);
      const entries = await move(auth, 'POST /api/ledger/transfers', body, key, async (tx) => {
        await lockBalances(tx, company, [body.from_driver_id, body.to_driver_id]);
        const transferId = await nextTransferId(tx);
        const side = { company_id: company, transfer_id: transferId, created_by: auth.userId };
        return [
          {
            ...side,
            driver_id: body.from_driver_id,
            counterpart_id: body.to_driver_id,
            kind: 'transfer_out',
            amount: -body.amount,
            note: body.note ?? null,
            floor,
          },
          {
            ...side,
            driver_id: body.to_driver_id,
            counterpart_id: body.from_driver_id,
            kind: 'transfer_in',
            amount: body.amount,
            note: body.note ?? null,
          },
        ];
      });
      const out = entries.find((e) => e.kind === 'transfer_out');
      const into = entries.find((e) => e.kind === 'transfer_in');
      if (!out || !into) throw notFound('resource');
      return { transfer_id: out.transfer_id as number, out, in: into };
    },

    /** The driver's own balances with each company his session works for. */
    async myBalance(auth: AuthContext): Promise<MyBalance> {
      return { balances: await repo.balancesOf(db, auth.userId, auth.companyIds) };
    },

    /** The driver's own entries with one of his companies (his first by default). */
    async myLedger(auth: AuthContext, query: MyLedgerQuery): Promise<LedgerPage> {
      const companyId = query.company_id ?? auth.companyIds[0];
      if (companyId === undefined || !auth.companyIds.includes(companyId))
        throw notFound('company');
      const { data, total } = await repo.listEntries(db, companyId, {
        ...query,
        driver_id: auth.userId,
      });
      return { data, meta: { total, page: query.page, per_page: query.per_page } };
    },
  };
}

const cash = (
  companyId: number,
  auth: AuthContext,
  body: CashMovement,
  kind: 'top_up' | 'payout',
  amount: number,
): NewEntry => ({
  company_id: companyId,
  driver_id: body.driver_id,
  kind,
  amount,
  created_by: auth.userId,
  note: body.note ?? null,
});

export type LedgerService = ReturnType<typeof createLedgerService>;

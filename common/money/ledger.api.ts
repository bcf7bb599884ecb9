import { z } from 'zod';
import { defineEndpoint } from '../http/define-endpoint';
import { SPREADSHEET_TYPES } from '../http/downloads';
import { idParam } from '../http/fields';
import { OrderSchema } from '../orders/orders.schema';
import {
  CashMovementBodySchema,
  DriverBalancePageSchema,
  DriverBalancesQuerySchema,
  FareCorrectionBodySchema,
  LedgerEntrySchema,
  LedgerExportQuerySchema,
  LedgerPageSchema,
  LedgerQuerySchema,
  MyBalanceSchema,
  MyLedgerQuerySchema,
  TransferBodySchema,
  TransferSchema,
} from './ledger.schema';

const companyQuery = z.strictObject({ company_id: idParam().optional() });

/** Every driver's balance with the company, lowest first (/finances/sold). */
export const listDriverBalances = defineEndpoint({
  method: 'GET',
  path: '/api/driver-balances',
  query: DriverBalancesQuerySchema,
  response: DriverBalancePageSchema,
});

/** The company's entries, newest first, each with the balance it left (/finances/history). */
export const listLedgerEntries = defineEndpoint({
  method: 'GET',
  path: '/api/ledger-entries',
  query: LedgerQuerySchema,
  response: LedgerPageSchema,
});

/** The same entries as a CSV or XLSX file (one export at a time per person: 429). */
export const exportLedgerEntries = defineEndpoint({
  method: 'GET',
  path: '/api/ledger-entries/export',
  query: LedgerExportQuerySchema,
  response: z.string(),
  produces: SPREADSHEET_TYPES,
  errors: [429],
});

/**
 * Money a driver paid in at the office. An `Idempotency-Key` header makes a retried request
 * post once.
 */
export const createTopUp = defineEndpoint({
  method: 'POST',
  path: '/api/ledger/top-ups',
  query: companyQuery,
  body: CashMovementBodySchema,
  response: LedgerEntrySchema,
  status: 201,
});

/** Money paid out to a driver; refused past his balance unless the company allows it. */
export const createPayout = defineEndpoint({
  method: 'POST',
  path: '/api/ledger/payouts',
  query: companyQuery,
  body: CashMovementBodySchema,
  response: LedgerEntrySchema,
  status: 201,
});

/** From one driver of the company to another: both entries in one transaction. */
export const createTransfer = defineEndpoint({
  method: 'POST',
  path: '/api/ledger/transfers',
  query: companyQuery,
  body: TransferBodySchema,
  response: TransferSchema,
  status: 201,
});

/** The driver's own balance with each of his companies. */
export const getMyBalance = defineEndpoint({
  method: 'GET',
  path: '/api/drivers/me/balance',
  response: MyBalanceSchema,
});

/** The driver's own entries with one of his companies, newest first. */
export const getMyLedger = defineEndpoint({
  method: 'GET',
  path: '/api/drivers/me/ledger',
  query: MyLedgerQuerySchema,
  response: LedgerPageSchema,
  // A company that is not his.
  errors: [404],
});

/**
 * An administrator corrects a finished order's fare: its commission (and a card or protocol
 * fare's payment) is reversed and posted again on the new fare.
 */
export const correctOrderFare = defineEndpoint({
  method: 'PATCH',
  path: '/api/orders/:id/fare',
  params: z.object({ id: idParam() }),
  body: FareCorrectionBodySchema,
  response: OrderSchema,
  // Not finished, or without a driver.
  errors: [404, 409],
});

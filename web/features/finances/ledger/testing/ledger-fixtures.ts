import type { LoggedUser } from '@common/auth/auth.schema';
import type { DriverBalance, LedgerEntry } from '@common/money/ledger.schema';
import { dispatcher } from '../../../../test/order-fixtures';

/** A company administrator (manager) of the dispatcher's company. */
export const manager: LoggedUser = { ...dispatcher, id: 8, roles: ['manager'] };

export const balanceRow = (overrides: Partial<DriverBalance> = {}): DriverBalance => ({
  company_id: 1,
  driver_id: 41,
  name: 'Ion Popescu',
  indicativ: '101',
  is_online: true,
  balance: 1250,
  below_min: false,
  last_entry_at: '2030-01-02 08:05:00',
  ...overrides,
});

export const balancePage = (rows: DriverBalance[], minBalance = 0, total = rows.length) => ({
  data: rows,
  meta: { total, page: 1, per_page: 30 },
  min_balance: minBalance,
});

export const ledgerEntry = (overrides: Partial<LedgerEntry> = {}): LedgerEntry => ({
  id: 1,
  company_id: 1,
  driver_id: 41,
  driver_name: 'Ion Popescu',
  indicativ: '101',
  kind: 'top_up',
  amount: 5000,
  balance_after: 6250,
  order_id: null,
  transfer_id: null,
  counterpart_id: null,
  counterpart_name: null,
  created_by_name: 'Ana Pop',
  note: null,
  created_at: '2030-01-02 08:05:00',
  ...overrides,
});

export const entriesPage = (rows: LedgerEntry[], total = rows.length) => ({
  data: rows,
  meta: { total, page: 1, per_page: 30 },
});

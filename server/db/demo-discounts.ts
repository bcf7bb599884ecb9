import type { DbOrTx } from './client';
import { discountConditions } from './schema';

/**
 * The taxi company's discount conditions (docs/MONEY.md "Discounts"): 10% for every client (at
 * most 20,00 RON off a fare, five rides each), 15% on the protocol company's rides paid back
 * to the driver, and 5,00 RON off for the first hundred rides of a campaign.
 */
export async function seedDemoDiscounts(
  db: DbOrTx,
  input: { taxiCompanyId: number; protocolCompanyId: number; createdBy: number },
): Promise<void> {
  const common = { company_id: input.taxiCompanyId, created_by: input.createdBy };
  await db.insert(discountConditions).values([
    {
      ...common,
      name: 'Client fidel 10%',
      kind: 'percent',
      value: 1000,
      max_amount: 2000,
      per_client_limit: 5,
    },
    {
      ...common,
      name: 'Protocol Corporate 15%',
      kind: 'percent',
      value: 1500,
      protocol_company_id: input.protocolCompanyId,
      compensate_driver: true,
    },
    {
      ...common,
      name: 'Campanie 5,00 RON',
      kind: 'fixed',
      value: 500,
      total_limit: 100,
      per_client_limit: 1,
    },
  ]);
}

import { z } from 'zod';
import { defineEndpoint } from '../http/define-endpoint';
import { idParam } from '../http/fields';
import { CommissionBodySchema, CommissionSchema } from './ledger.schema';
import {
  CompanyTariffsSchema,
  FareEstimateBodySchema,
  FareEstimateSchema,
  FinanceSettingsBodySchema,
  FinanceSettingsSchema,
  SurchargeBodySchema,
  SurchargeSchema,
  TariffBodySchema,
  TariffSchema,
  ZonePriceBodySchema,
  ZonePriceSchema,
} from './tariffs.schema';

const companyQuery = z.strictObject({ company_id: idParam().optional() });

/** The company's tariffs, surcharges, zone prices, commissions and finance settings. */
export const getTariffs = defineEndpoint({
  method: 'GET',
  path: '/api/tariffs',
  query: companyQuery,
  response: CompanyTariffsSchema,
});

/** Sets the meter of one service; service 0 is the company's meter for every other service. */
export const putTariff = defineEndpoint({
  method: 'PUT',
  path: '/api/tariffs/:service_id',
  params: z.object({ service_id: z.coerce.number().int().min(0).max(2_147_483_647) }),
  query: companyQuery,
  body: TariffBodySchema,
  response: TariffSchema,
  // A service the company does not sell.
  errors: [404],
});

export const createSurcharge = defineEndpoint({
  method: 'POST',
  path: '/api/tariff-surcharges',
  query: companyQuery,
  body: SurchargeBodySchema,
  response: SurchargeSchema,
  status: 201,
});

export const deleteSurcharge = defineEndpoint({
  method: 'DELETE',
  path: '/api/tariff-surcharges/:id',
  params: z.object({ id: idParam() }),
  response: z.null(),
  status: 204,
  errors: [404],
});

export const createZonePrice = defineEndpoint({
  method: 'POST',
  path: '/api/zone-prices',
  query: companyQuery,
  body: ZonePriceBodySchema,
  response: ZonePriceSchema,
  status: 201,
  // A zone or service not the company's; the pair is priced already.
  errors: [404, 409],
});

export const deleteZonePrice = defineEndpoint({
  method: 'DELETE',
  path: '/api/zone-prices/:id',
  params: z.object({ id: idParam() }),
  response: z.null(),
  status: 204,
  errors: [404],
});

/** The taximeter, the balance gate and overdrafts (administrators). */
export const putFinanceSettings = defineEndpoint({
  method: 'PUT',
  path: '/api/finance-settings',
  query: companyQuery,
  body: FinanceSettingsBodySchema,
  response: FinanceSettingsSchema,
});

/** Sets the commission of one service; service 0 is the company's for every other service. */
export const putCommission = defineEndpoint({
  method: 'PUT',
  path: '/api/commissions/:service_id',
  params: z.object({ service_id: z.coerce.number().int().min(0).max(2_147_483_647) }),
  query: companyQuery,
  body: CommissionBodySchema,
  response: CommissionSchema,
  // A service the company does not sell.
  errors: [404],
});

/** What a trip between the places would cost now (or at `departure_time`). */
export const estimateFare = defineEndpoint({
  method: 'POST',
  path: '/api/fare-estimates',
  body: FareEstimateBodySchema,
  response: FareEstimateSchema,
  errors: [404],
});

import { z } from 'zod';
import { defineEndpoint } from '../http/define-endpoint';
import { idParam } from '../http/fields';
import {
  ApplicableDiscountsQuerySchema,
  ApplicableDiscountsSchema,
  DiscountCompensationBodySchema,
  DiscountCompensationPageSchema,
  DiscountCompensationsQuerySchema,
  DiscountConditionBodySchema,
  DiscountConditionPageSchema,
  DiscountConditionSchema,
  DiscountListQuerySchema,
} from './discounts.schema';
import { LedgerEntrySchema } from './ledger.schema';

const companyQuery = z.strictObject({ company_id: idParam().optional() });
const idParams = z.object({ id: idParam() });

export const listDiscounts = defineEndpoint({
  method: 'GET',
  path: '/api/discounts',
  query: DiscountListQuerySchema,
  response: DiscountConditionPageSchema,
});

/** The conditions that apply to this caller now, for the order form. */
export const applicableDiscounts = defineEndpoint({
  method: 'GET',
  path: '/api/discounts/applicable',
  query: ApplicableDiscountsQuerySchema,
  response: ApplicableDiscountsSchema,
});

export const getDiscount = defineEndpoint({
  method: 'GET',
  path: '/api/discounts/:id',
  params: idParams,
  response: DiscountConditionSchema,
  errors: [404],
});

export const createDiscount = defineEndpoint({
  method: 'POST',
  path: '/api/discounts',
  query: companyQuery,
  body: DiscountConditionBodySchema,
  response: DiscountConditionSchema,
  status: 201,
  // A client or protocol company that is not the company's.
  errors: [404],
});

export const updateDiscount = defineEndpoint({
  method: 'PUT',
  path: '/api/discounts/:id',
  params: idParams,
  body: DiscountConditionBodySchema,
  response: DiscountConditionSchema,
  errors: [404],
});

/** Finished orders whose discount the company pays its driver back. */
export const listDiscountCompensations = defineEndpoint({
  method: 'GET',
  path: '/api/discount-compensations',
  query: DiscountCompensationsQuerySchema,
  response: DiscountCompensationPageSchema,
});

/** Credits the driver the order's discount, once (`discount_compensated`). */
export const compensateDiscount = defineEndpoint({
  method: 'POST',
  path: '/api/ledger/discount-compensations',
  query: companyQuery,
  body: DiscountCompensationBodySchema,
  response: LedgerEntrySchema,
  status: 201,
  // Not the company's, not finished, no compensated discount; already compensated.
  errors: [404, 409],
});

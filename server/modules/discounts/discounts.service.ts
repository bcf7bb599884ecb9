import type { CompanyType } from '@common/auth/auth.schema';
import { ABILITIES } from '@common/auth/page-access';
import { NOT_FOUND } from '@common/http/errors';
import { bucharestDate } from '@common/lib/dates';
import { INVALID_PHONE, normalizePhone } from '@common/lib/phone';
import {
  type ApplicableDiscountsQuery,
  DISCOUNT_REFUSALS,
  type DiscountCompensationsQuery,
  type DiscountConditionBodySchema,
  type DiscountListQuery,
} from '@common/money/discounts.schema';
import type { LedgerEntry } from '@common/money/ledger.schema';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { AppError, forbidden, notFound, validationFailed } from '../../http/app-error';
import { type AuthContext, isAdmin, ownerOf, scopeOf } from '../../http/auth-context';
import { findCompanies } from '../companies/companies.repo';
import { type CallerCompaniesOf, placingCompanies } from '../orders/caller-companies';
import type { CompensateDiscount } from '../orders/write/discount-compensation';
import * as repo from './discounts.repo';

export const NOT_YOUR_COMPANY = 'Compania nu este a dumneavoastră.';
const FLEET_ONLY = 'Reducerile sunt ale companiei care vă dispecerizează comenzile.';

type Body = z.output<typeof DiscountConditionBodySchema>;

const unknownCondition = () => new AppError('not_found', DISCOUNT_REFUSALS.unknown);
/** A ride's filters name what is not the company's: a field error, as the order form shows it. */
const PROTOCOL_NOT_FOUND = 'Compania de protocol nu a fost găsită.';
const notTheCompanys = (field: 'client_id' | 'protocol_company_id') =>
  validationFailed({
    [field]: [field === 'client_id' ? NOT_FOUND.client : PROTOCOL_NOT_FOUND],
  });

/**
 * The company's discount conditions (docs/MONEY.md "Discounts"): read by its fleet console,
 * written by its administrators; the ones a ride may use, for whoever places its orders; the
 * discounts it pays its drivers back.
 */
export function createDiscountsService(deps: {
  db: Db;
  callerCompanies: CallerCompaniesOf;
  compensate: CompensateDiscount;
}) {
  const { db } = deps;

  /**
   * The company a request acts in: the one `companyId` names (one of the caller's; any for the
   * platform admin), else the caller's first.
   */
  async function companyOf(auth: AuthContext, companyId: number | undefined): Promise<number> {
    if (companyId === undefined) return ownerOf(auth);
    if (isAdmin(auth)) {
      const [company] = await findCompanies(db, [companyId]);
      if (!company) throw validationFailed({ company_id: [NOT_FOUND.company] });
      return companyId;
    }
    if (!auth.companyIds.includes(companyId)) throw forbidden(NOT_YOUR_COMPANY);
    return companyId;
  }

  /** The fleet's console reads them; a protocol client, who only orders rides, does not. */
  async function mayRead(auth: AuthContext) {
    const companies = (await deps.callerCompanies(auth)).map((c) => ({
      type: c.type as CompanyType,
    }));
    if (!ABILITIES.watchesFleet({ roles: auth.roles, companies })) throw forbidden(FLEET_ONLY);
  }

  /** The client and protocol company a condition names must be the company's (else 404). */
  async function checkAudience(companyId: number, body: Body) {
    if (body.client_id != null && !(await repo.isClientOf(db, companyId, body.client_id)))
      throw notFound('client');
    if (
      body.protocol_company_id != null &&
      !(await repo.isProtocolCompanyOf(db, companyId, body.protocol_company_id))
    )
      throw notFound('company');
  }

  const valuesOf = (body: Body): repo.ConditionValues => ({
    name: body.name,
    kind: body.kind,
    value: body.value,
    max_amount: body.max_amount ?? null,
    valid_from: body.valid_from ?? null,
    valid_until: body.valid_until ?? null,
    client_id: body.client_id ?? null,
    protocol_company_id: body.protocol_company_id ?? null,
    per_client_limit: body.per_client_limit ?? null,
    total_limit: body.total_limit ?? null,
    compensate_driver: body.compensate_driver,
    disabled: body.disabled,
  });

  async function found(auth: AuthContext, id: number) {
    const condition = await repo.findCondition(db, scopeOf(auth), id);
    if (!condition) throw unknownCondition();
    return condition;
  }

  /**
   * The company whose conditions a ride may use, and the protocol company it is billed to: a
   * protocol client's rides are his company's, dispatched by its parent. (The route declares no
   * 404: what is not the company's is a 422 on its field, as on the order form.)
   */
  async function rideCompany(auth: AuthContext, query: ApplicableDiscountsQuery) {
    const placing = placingCompanies(await deps.callerCompanies(auth));
    if (placing?.isProtocolCreator) {
      const own = placing.creator.id;
      if (query.protocol_company_id !== undefined && query.protocol_company_id !== own)
        throw notTheCompanys('protocol_company_id');
      return { companyId: placing.processedBy, protocolCompanyId: own };
    }
    const companyId = await companyOf(auth, query.company_id);
    const protocolCompanyId = query.protocol_company_id ?? null;
    if (
      protocolCompanyId !== null &&
      !(await repo.isProtocolCompanyOf(db, companyId, protocolCompanyId))
    )
      throw notTheCompanys('protocol_company_id');
    return { companyId, protocolCompanyId };
  }

  /** The ride's client: by id (the company's, else 404) or by phone (none yet: a new client). */
  async function rideClient(companyId: number, query: ApplicableDiscountsQuery) {
    if (query.client_id !== undefined) {
      if (!(await repo.isClientOf(db, companyId, query.client_id)))
        throw notTheCompanys('client_id');
      return query.client_id;
    }
    if (query.phone === undefined || query.phone.trim() === '') return null;
    const phone = normalizePhone(query.phone);
    if (!phone) throw validationFailed({ phone: [INVALID_PHONE] });
    return repo.clientIdByPhone(db, companyId, phone);
  }

  return {
    async list(auth: AuthContext, query: DiscountListQuery) {
      await mayRead(auth);
      return repo.listConditions(db, await companyOf(auth, query.company_id), query);
    },

    async get(auth: AuthContext, id: number) {
      await mayRead(auth);
      return found(auth, id);
    },

    async create(auth: AuthContext, companyId: number | undefined, body: Body) {
      const company = await companyOf(auth, companyId);
      await checkAudience(company, body);
      const id = await repo.insertCondition(db, company, auth.userId, valuesOf(body));
      return found(auth, id);
    },

    /** The whole condition again; `disabled` stops it (its uses so far stay counted). */
    async update(auth: AuthContext, id: number, body: Body) {
      const { company_id: company } = await found(auth, id);
      await checkAudience(company, body);
      if (!(await repo.updateCondition(db, company, id, valuesOf(body)))) throw unknownCondition();
      return found(auth, id);
    },

    /** GET /api/discounts/applicable: what the order form offers this ride today. */
    async applicable(auth: AuthContext, query: ApplicableDiscountsQuery) {
      const { companyId, protocolCompanyId } = await rideCompany(auth, query);
      const clientId = await rideClient(companyId, query);
      const data = await repo.applicableConditions(db, companyId, {
        today: bucharestDate(new Date()),
        clientId,
        protocolCompanyId,
      });
      return { data };
    },

    async compensations(auth: AuthContext, query: DiscountCompensationsQuery) {
      await mayRead(auth);
      return repo.listCompensations(db, await companyOf(auth, query.company_id), query);
    },

    /** POST /api/ledger/discount-compensations: credits the driver the order's discount, once. */
    async compensate(
      auth: AuthContext,
      companyId: number | undefined,
      orderId: number,
    ): Promise<LedgerEntry> {
      const company = await companyOf(auth, companyId);
      const entryId = await deps.compensate(auth, company, orderId);
      const entry = await repo.ledgerEntry(db, entryId);
      if (!entry) throw new Error(`ledger entry ${entryId} was not found after its commit`);
      return entry;
    },
  };
}

export type DiscountsService = ReturnType<typeof createDiscountsService>;

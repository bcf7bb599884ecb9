import { fromUtcString } from '@common/lib/dates';
import type { Commission, CommissionBody } from '@common/money/ledger.schema';
import type {
  CompanyTariffs,
  FareEstimate,
  FareEstimateBodySchema,
  FinanceSettings,
  SurchargeBodySchema,
  SurchargeRow,
  Tariff,
  TariffBodySchema,
  ZonePrice,
  ZonePriceBodySchema,
} from '@common/money/tariffs.schema';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/unique-violation';
import { AppError, conflict, forbidden, notFound } from '../../http/app-error';
import { type AuthContext, isAdmin, scopeOf } from '../../http/auth-context';
import { createActingCompany, NOT_YOUR_COMPANY } from '../companies/acting-company';
import { findCompanies } from '../companies/companies.repo';
import { type CallerCompaniesOf, placingCompanies } from '../orders/caller-companies';
import type { Fares } from './fare.service';
import * as repo from './tariffs.repo';

export const PAIR_PRICED = 'Perechea de zone are deja un preț.';
export const NO_TARIFF = 'Compania nu are tarif.';
const RIDES_ONLY = 'Tarifele sunt ale companiei care vă dispecerizează comenzile.';

/**
 * The company's tariffs, surcharges, zone prices and fare settings (docs/MONEY.md "Who may do
 * what"): read by its fleet console, changed by its administrators; the estimate of a trip for
 * whoever places its orders.
 */
export function createTariffsService(deps: {
  db: Db;
  fares: Fares;
  callerCompanies: CallerCompaniesOf;
}) {
  const { db, fares } = deps;

  const acting = createActingCompany(db, deps.callerCompanies);
  const companyOf = acting.companyOf;
  /** The fleet's console reads them; a protocol client, who only orders rides, does not. */
  const mayRead = (auth: AuthContext) => acting.require(auth, 'watchesFleet', RIDES_ONLY);

  /**
   * Writes one service's row (a meter, a commission); service 0 is the company's row for every
   * service without its own, and a service the company does not sell answers 404.
   */
  async function perService<B extends object>(
    auth: AuthContext,
    serviceId: number,
    companyId: number | undefined,
    body: B,
    upsert: (
      db: Db,
      companyId: number,
      serviceId: number | null,
      body: B,
      userId: number,
    ) => Promise<string>,
  ) {
    const company = await companyOf(auth, companyId);
    const service = serviceId === 0 ? null : await repo.sellsService(db, company, serviceId);
    if (serviceId !== 0 && !service) throw notFound('service');
    const id = serviceId === 0 ? null : serviceId;
    const updatedAt = await upsert(db, company, id, body, auth.userId);
    fares.changed(company);
    return { service_id: id, service_name: service?.name ?? null, ...body, updated_at: updatedAt };
  }

  async function read(companyId: number): Promise<CompanyTariffs> {
    const [tariffs, surcharges, zonePrices, commissions, settings, zones] = await Promise.all([
      repo.listTariffs(db, companyId),
      repo.listSurcharges(db, companyId),
      repo.listZonePrices(db, companyId),
      repo.listCommissions(db, companyId),
      repo.readFinanceSettings(db, companyId),
      repo.listCompanyZones(db, companyId),
    ]);
    return {
      company_id: companyId,
      tariffs,
      surcharges,
      zone_prices: zonePrices,
      commissions,
      settings,
      zones,
    };
  }

  /** The company whose tariffs price the caller's orders: the one that would dispatch them. */
  async function dispatchingCompany(auth: AuthContext, companyId: number | undefined) {
    if (companyId === undefined) {
      const placing = placingCompanies(await deps.callerCompanies(auth));
      if (!placing) throw new AppError('forbidden', 'Contul nu aparține niciunei companii.');
      return placing.processedBy;
    }
    if (!isAdmin(auth) && !auth.companyIds.includes(companyId)) throw forbidden(NOT_YOUR_COMPANY);
    const [company] = await findCompanies(db, [companyId]);
    if (!company) throw notFound('company');
    return company.type === 'protocol' && company.parent_company_id
      ? company.parent_company_id
      : company.id;
  }

  return {
    async read(auth: AuthContext, companyId: number | undefined): Promise<CompanyTariffs> {
      await mayRead(auth);
      return read(await companyOf(auth, companyId));
    },

    /** Service 0: the company's meter for every service without its own. */
    async putTariff(
      auth: AuthContext,
      serviceId: number,
      companyId: number | undefined,
      body: z.output<typeof TariffBodySchema>,
    ): Promise<Tariff> {
      return perService(auth, serviceId, companyId, body, repo.upsertTariff);
    },

    async createSurcharge(
      auth: AuthContext,
      companyId: number | undefined,
      body: z.output<typeof SurchargeBodySchema>,
    ): Promise<SurchargeRow> {
      const company = await companyOf(auth, companyId);
      const row = await repo.insertSurcharge(db, company, {
        ...body,
        days: [...body.days].sort((a, b) => a - b),
      });
      fares.changed(company);
      return row;
    },

    async deleteSurcharge(auth: AuthContext, id: number): Promise<void> {
      const company = await repo.deleteSurcharge(db, scopeOf(auth), id);
      if (company === undefined) throw notFound('surcharge');
      fares.changed(company);
    },

    async createZonePrice(
      auth: AuthContext,
      companyId: number | undefined,
      body: z.output<typeof ZonePriceBodySchema>,
    ): Promise<ZonePrice> {
      const company = await companyOf(auth, companyId);
      const serviceId = body.service_id ?? null;
      if (serviceId !== null && !(await repo.sellsService(db, company, serviceId)))
        throw notFound('service');
      const zones = [...new Set([body.from_polygon_id, body.to_polygon_id])];
      if ((await repo.ownZoneCount(db, company, zones)) !== zones.length) throw notFound('zone');
      const rule = {
        service_id: serviceId,
        from_polygon_id: body.from_polygon_id,
        to_polygon_id: body.to_polygon_id,
        price: body.price,
        both_ways: body.both_ways,
      };
      if (await repo.pairPriced(db, company, rule)) throw conflict(PAIR_PRICED);
      let id: number;
      try {
        id = await repo.insertZonePrice(db, company, rule);
      } catch (error) {
        // A racing request priced the same pair first.
        if (isUniqueViolation(error, 'zone_prices_pair_idx')) throw conflict(PAIR_PRICED);
        throw error;
      }
      fares.changed(company);
      const [created] = await repo.listZonePrices(db, company, id);
      if (!created) throw notFound('zonePrice');
      return created;
    },

    async deleteZonePrice(auth: AuthContext, id: number): Promise<void> {
      const company = await repo.deleteZonePrice(db, scopeOf(auth), id);
      if (company === undefined) throw notFound('zonePrice');
      fares.changed(company);
    },

    async putSettings(
      auth: AuthContext,
      companyId: number | undefined,
      body: FinanceSettings,
    ): Promise<FinanceSettings> {
      const company = await companyOf(auth, companyId);
      const settings = await repo.writeFinanceSettings(db, company, body);
      fares.changed(company);
      return settings;
    },

    /** Service 0: the company's commission for every service without its own. */
    async putCommission(
      auth: AuthContext,
      serviceId: number,
      companyId: number | undefined,
      body: Required<CommissionBody>,
    ): Promise<Commission> {
      return perService(auth, serviceId, companyId, body, repo.upsertCommission);
    },

    /** POST /api/fare-estimates: the dispatching company's fare for the places. */
    async estimate(
      auth: AuthContext,
      body: z.output<typeof FareEstimateBodySchema>,
    ): Promise<FareEstimate> {
      const company = await dispatchingCompany(auth, body.company_id ?? undefined);
      const serviceId = body.service_id ?? null;
      if (serviceId !== null && !(await repo.sellsService(db, company, serviceId)))
        throw notFound('service');
      const at = body.departure_time ? fromUtcString(body.departure_time) : new Date();
      const estimate = await fares.estimate(company, serviceId, body.places, at);
      if (!estimate) throw new AppError('not_found', NO_TARIFF);
      return estimate;
    },
  };
}

export type TariffsService = ReturnType<typeof createTariffsService>;

import { listProtocolCompanies } from '@common/companies/companies.api';
import type { FastifyInstance } from 'fastify';
import { type Authenticate, route } from '../../http/route';
import type { CompaniesService } from './companies.service';

/** The roles of the order endpoints: whoever may place an order may pick its protocol company. */
const CONSOLE = ['admin', 'dispatcher', 'company'] as const;

export function companiesRoutes(
  app: FastifyInstance,
  authenticate: Authenticate,
  companies: CompaniesService,
) {
  route(app, authenticate, listProtocolCompanies, { roles: CONSOLE }, ({ auth }) =>
    companies.protocolCompanies(auth),
  );
}

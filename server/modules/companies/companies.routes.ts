import { listProtocolCompanies } from '@common/companies/companies.api';
import type { FastifyInstance } from 'fastify';
import { type Authenticate, CONSOLE_ROLES, route } from '../../http/route';
import type { CompaniesService } from './companies.service';

export function companiesRoutes(
  app: FastifyInstance,
  authenticate: Authenticate,
  companies: CompaniesService,
) {
  route(app, authenticate, listProtocolCompanies, { roles: CONSOLE_ROLES }, ({ auth }) =>
    companies.protocolCompanies(auth),
  );
}

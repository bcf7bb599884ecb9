import { listProtocolCompanies } from '@common/companies/companies.api';
import { checkCui } from '@common/companies/signup.api';
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
  // The sign-up form, before any account exists (SPEC §2 '/' and /business/enroll).
  route(app, authenticate, checkCui, { public: true }, ({ query }) =>
    companies.checkCui(query.cui),
  );
}

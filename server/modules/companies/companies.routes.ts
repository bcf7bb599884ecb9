import { listProtocolCompanies } from '@common/companies/companies.api';
import { checkCui, createCompany } from '@common/companies/signup.api';
import type { FastifyInstance } from 'fastify';
import { type Authenticate, CONSOLE_ROLES, route } from '../../http/route';
import { idempotencyKeyOf } from '../idempotency/idempotency.service';
import type { CompaniesService } from './companies.service';
import type { SignupService } from './signup.service';

export function companiesRoutes(
  app: FastifyInstance,
  authenticate: Authenticate,
  companies: CompaniesService,
  signup: SignupService,
) {
  route(app, authenticate, listProtocolCompanies, { roles: CONSOLE_ROLES }, ({ auth }) =>
    companies.protocolCompanies(auth),
  );
  // The sign-up form, before any account exists (SPEC §2 '/' and /business/enroll).
  route(app, authenticate, checkCui, { public: true }, ({ query }) =>
    companies.checkCui(query.cui),
  );
  route(app, authenticate, createCompany, { public: true }, ({ body, request }) =>
    signup.signUp(body, {
      ip: request.ip,
      userAgent: request.headers['user-agent'] ?? null,
      idempotencyKey: idempotencyKeyOf(request.headers),
    }),
  );
}

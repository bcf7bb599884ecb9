import { listProtocolCompanies } from '@common/companies/companies.api';
import { getCompanySettings, updateCompanySettings } from '@common/companies/settings.api';
import { checkCui, createCompany } from '@common/companies/signup.api';
import type { FastifyInstance } from 'fastify';
import { ADMINISTRATORS } from '../../http/auth-context';
import { type Authenticate, CONSOLE_ROLES, route } from '../../http/route';
import { idempotencyKeyOf } from '../idempotency/idempotency.service';
import type { CompaniesService } from './companies.service';
import type { SettingsService } from './settings.service';
import type { SignupService } from './signup.service';

export function companiesRoutes(
  app: FastifyInstance,
  authenticate: Authenticate,
  companies: CompaniesService,
  signup: SignupService,
  settings: SettingsService,
) {
  route(app, authenticate, listProtocolCompanies, { roles: CONSOLE_ROLES }, ({ auth }) =>
    companies.protocolCompanies(auth),
  );
  // The sign-up form, before any account exists ('/' and /business/enroll).
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
  // /settings: the company's administrators; a manager only his own (404 otherwise).
  route(app, authenticate, getCompanySettings, { roles: ADMINISTRATORS }, ({ auth, params }) =>
    settings.read(auth, params.id),
  );
  route(
    app,
    authenticate,
    updateCompanySettings,
    { roles: ADMINISTRATORS },
    ({ auth, params, body }) => settings.update(auth, params.id, body),
  );
}

import { z } from 'zod';
import { defineEndpoint } from '../http/define-endpoint';
import { idParam } from '../http/fields';
import { CompanySettingsBodySchema, CompanySettingsSchema } from './settings.schema';

/**
 * /settings: a company's settings; another company's answers 404. The companies an
 * administrator may pick: GET /api/companies (common/users listCompanyChoices).
 */
export const getCompanySettings = defineEndpoint({
  method: 'GET',
  path: '/api/companies/:id/settings',
  params: z.object({ id: idParam() }),
  response: CompanySettingsSchema,
});

/** Saves them; a default service not offered to this company is 422 on default_service_id. */
export const updateCompanySettings = defineEndpoint({
  method: 'PATCH',
  path: '/api/companies/:id/settings',
  params: z.object({ id: idParam() }),
  body: CompanySettingsBodySchema,
  response: CompanySettingsSchema,
});

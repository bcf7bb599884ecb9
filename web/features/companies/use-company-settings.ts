import { getCompanySettings, updateCompanySettings } from '@common/companies/settings.api';
import type { CompanySettingsInput } from '@common/companies/settings.schema';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiWith } from '../../lib/api-client';

const settingsKey = (id: number) => ['company-settings', id] as const;

/** GET /api/companies/{id}/settings (/settings). */
export function useCompanySettings(id: number | null) {
  return useQuery({
    queryKey: settingsKey(id ?? 0),
    queryFn: ({ signal }) => apiWith(getCompanySettings, { signal }, { params: { id: id ?? 0 } }),
    enabled: id !== null,
  });
}

/** PATCH /api/companies/{id}/settings; the answer is the company's settings as saved. */
export function useSaveCompanySettings(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CompanySettingsInput) =>
      api(updateCompanySettings, { params: { id }, body }),
    onSuccess: (saved) => queryClient.setQueryData(settingsKey(id), saved),
  });
}

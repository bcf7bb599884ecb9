import { Alert, Loader, Select, Stack, Title } from '@mantine/core';
import { useState } from 'react';
import { useSession } from '../features/auth/use-session';
import { CompanySettingsForm } from '../features/companies/CompanySettingsForm';
import { useCompanySettings } from '../features/companies/use-company-settings';
import { useCompanyChoices } from '../features/users/use-users';

/**
 * /settings: the company's settings, for its administrators. A manager sets
 * up his own company (a picker when he runs several); the platform admin picks any company.
 */
export default function CompanySettingsPage() {
  const current = useSession();
  const isAdministrator =
    current?.user.roles.some((role) => role === 'admin' || role === 'manager') ?? false;
  const choices = useCompanyChoices();
  const [picked, setPicked] = useState<number | null>(null);
  const companies = isAdministrator ? (choices.data ?? []) : [];
  const companyId = picked ?? current?.user.companies[0]?.id ?? companies[0]?.id ?? null;
  const settings = useCompanySettings(isAdministrator ? companyId : null);

  if (!isAdministrator) {
    return (
      <Alert color="gray" title="Setări firmă">
        Doar administratorii firmei pot schimba setările ei.
      </Alert>
    );
  }
  return (
    <Stack gap="md" maw={900}>
      <Title order={1} size="h3">
        Setări firmă
      </Title>
      {companies.length > 1 && (
        <Select
          label="Firma"
          searchable
          maw={420}
          data={companies.map((c) => ({ value: String(c.id), label: c.name }))}
          value={companyId === null ? null : String(companyId)}
          onChange={(value) => value && setPicked(Number(value))}
          allowDeselect={false}
          data-testid="settings-company"
        />
      )}
      {settings.isPending && companyId !== null && <Loader size="sm" />}
      {settings.isError && (
        <Alert color="red" variant="light">
          {settings.error.message}
        </Alert>
      )}
      {settings.data && <CompanySettingsForm key={settings.data.id} settings={settings.data} />}
    </Stack>
  );
}

import { can } from '@common/auth/page-access';
import { Alert, Divider, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useCurrentUser } from '../auth';
import { ActingCompanySelect } from './company';
import { BalanceSettingsSection } from './ledger/BalanceSettingsSection';
import { CommissionsSection } from './ledger/CommissionsSection';
import { SurchargesSection } from './SurchargesSection';
import { TariffsSection } from './TariffsSection';
import { TaximeterSection } from './TaximeterSection';
import { useCompanyTariffs } from './use-tariffs';
import { ZonePricesSection } from './ZonePricesSection';

/**
 * /finances ('Setări' under 'Financiar'): how the company's trips are priced, its commissions
 * and the drivers' balance rules. The fleet console
 * reads it; only the company's administrators change it (the server refuses anyone else).
 * Someone of several companies picks which one in the heading (`?company_id=`).
 */
export function FinancesScreen() {
  const editable = can(useCurrentUser(), 'administers');
  const tariffs = useCompanyTariffs();

  return (
    <Stack gap="md" maw={1000} data-testid="finances-page" data-editable={String(editable)}>
      <Stack gap={2}>
        <Group justify="space-between" gap="xs">
          <Title order={1} size="h3">
            Setări financiare
          </Title>
          <ActingCompanySelect />
        </Group>
        {!editable && (
          <Text size="xs" c="dimmed" data-testid="finances-read-only">
            Doar administratorii firmei pot schimba tarifele.
          </Text>
        )}
      </Stack>
      {tariffs.isPending && <Loader size="sm" />}
      {tariffs.isError && (
        <Alert color="red" variant="light">
          {tariffs.error.message}
        </Alert>
      )}
      {tariffs.data && (
        <>
          <TariffsSection tariffs={tariffs.data.tariffs} editable={editable} />
          <Divider />
          <SurchargesSection surcharges={tariffs.data.surcharges} editable={editable} />
          <Divider />
          <ZonePricesSection
            prices={tariffs.data.zone_prices}
            zones={tariffs.data.zones}
            editable={editable}
          />
          <Divider />
          <TaximeterSection settings={tariffs.data.settings} editable={editable} />
          <Divider />
          <CommissionsSection commissions={tariffs.data.commissions} editable={editable} />
          <Divider />
          <BalanceSettingsSection settings={tariffs.data.settings} editable={editable} />
        </>
      )}
    </Stack>
  );
}

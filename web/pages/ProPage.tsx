import { Alert, Button, List, Stack, Text, Title } from '@mantine/core';
import { PageLoader } from '../app/PageLoader';
import { Icon } from '../components/Icon';
import { PublicPage } from '../components/PublicPage';
import { useRuntimeConfig } from '../lib/runtime-config';

/** `/pro`: the beta build of the driver app. */
export default function ProPage() {
  const { data: config, isError } = useRuntimeConfig();
  if (isError) {
    return (
      <PublicPage>
        <Alert color="red" variant="light">
          Linkul de descărcare nu a putut fi încărcat. Reîncercați mai târziu.
        </Alert>
      </PublicPage>
    );
  }
  if (!config) return <PageLoader />;
  return (
    <PublicPage>
      <Stack gap="md" maw={620}>
        <Title order={1} size="h2">
          Aplicația șoferului — versiunea beta
        </Title>
        <Text c="dimmed">
          Versiunea beta primește funcțiile noi înaintea celei din magazin. Este destinată șoferilor
          care vor să le încerce și să ne semnaleze problemele.
        </Text>
        <List size="sm" spacing={4}>
          <List.Item>Folosiți același cont ca în aplicația obișnuită.</List.Item>
          <List.Item>
            Pot apărea erori; dispecerul vă vede și vă alocă comenzi ca de obicei.
          </List.Item>
        </List>
        <Button
          component="a"
          href={config.driver_app_beta_url}
          leftSection={<Icon name="download" />}
          w="fit-content"
          data-testid="driver-beta-link"
        >
          Descarcă versiunea beta
        </Button>
      </Stack>
    </PublicPage>
  );
}

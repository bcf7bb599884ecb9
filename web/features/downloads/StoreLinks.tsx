import type { RuntimeConfig } from '@common/config/config.api';
import { Button, Card, SimpleGrid, Text, Title } from '@mantine/core';
import { Icon } from '../../components/Icon';

interface StoreLinksProps {
  config: Pick<RuntimeConfig, 'driver_app_url' | 'client_app_url'>;
}

/** The two mobile apps (the product only links to their downloads). */
export function StoreLinks({ config }: StoreLinksProps) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
      <Card withBorder padding="lg" radius="md">
        <Title order={3} size="h4">
          Aplicația pentru șoferi
        </Title>
        <Text size="sm" c="dimmed" mt={4} mb="md">
          Pentru Android: primește comenzi, navigare până la client, istoricul curselor.
        </Text>
        <Button
          component="a"
          href={config.driver_app_url}
          leftSection={<Icon name="download" />}
          data-testid="driver-app-link"
        >
          Descarcă aplicația șofer
        </Button>
      </Card>
      <Card withBorder padding="lg" radius="md">
        <Title order={3} size="h4">
          Aplicația pentru clienți
        </Title>
        <Text size="sm" c="dimmed" mt={4} mb="md">
          Pentru iPhone: comandă o mașină sau o livrare și urmărește-o pe hartă.
        </Text>
        <Button
          component="a"
          href={config.client_app_url}
          variant="light"
          leftSection={<Icon name="download" />}
          data-testid="client-app-link"
        >
          Descarcă aplicația client
        </Button>
      </Card>
    </SimpleGrid>
  );
}

import { Badge, Card, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { Icon, type IconName } from '../../components/Icon';

interface Capability {
  icon: IconName;
  title: string;
  text: string;
}

/** In the operator's words. */
const CAPABILITIES: readonly Capability[] = [
  {
    icon: 'route',
    title: 'Consolă de dispecerat',
    text: 'Comenzi de curse și livrări create în câteva secunde, liste pe stări (în apel, confirmate, finalizate, anulate), alocare manuală și retrimitere.',
  },
  {
    icon: 'headset',
    title: 'Telefonie în browser',
    text: 'Operatorii răspund la apeluri direct din consolă, cu tastă de răspuns și sunet de apel la alegere; numărul clientului deschide comanda.',
  },
  {
    icon: 'bolt',
    title: 'Dispecerizare automată',
    text: 'Comanda este oferită șoferilor după reguli configurabile: zonă, distanță, priorități și intervale orare. Primul șofer confirmat o preia.',
  },
  {
    icon: 'map',
    title: 'Hartă live',
    text: 'Pozițiile șoferilor, zonele de acoperire și starea flotei, actualizate în timp real.',
  },
];

/** The home page's account of what the product is ("/" business sign-up home). */
export function ProductOverview() {
  return (
    <Stack gap="lg">
      <Stack gap={6}>
        <Group gap="xs">
          <Badge variant="light">Taxi</Badge>
          <Badge variant="light">Curierat</Badge>
          <Badge variant="light">Restaurante</Badge>
        </Group>
        <Title order={1} size="h2">
          Dispecerat pentru taxi, curierat și restaurante, într-un singur browser
        </Title>
        <Text c="dimmed" maw={680}>
          OGO Dispatch este consola în care operatorii preiau apeluri, creează comenzi, urmăresc
          șoferii pe hartă și le trimit mesaje, iar administratorii gestionează utilizatori, zone și
          rapoarte.
        </Text>
      </Stack>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        {CAPABILITIES.map((capability) => (
          <Card key={capability.title} withBorder padding="md" radius="md">
            <Group gap="sm" mb={6} wrap="nowrap">
              <ThemeIcon variant="light" size="lg" radius="md">
                <Icon name={capability.icon} />
              </ThemeIcon>
              <Title order={3} size="h5">
                {capability.title}
              </Title>
            </Group>
            <Text size="sm" c="dimmed">
              {capability.text}
            </Text>
          </Card>
        ))}
      </SimpleGrid>
    </Stack>
  );
}

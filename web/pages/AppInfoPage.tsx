import { Anchor, Skeleton, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { PublicPage } from '../components/PublicPage';
import { StoreLinks } from '../features/downloads/StoreLinks';
import { useRuntimeConfig } from '../lib/runtime-config';

/** `/app`: what the mobile apps do (drivers and clients use mobile apps). */
export default function AppInfoPage() {
  const { data: config } = useRuntimeConfig();
  return (
    <PublicPage>
      <Stack gap="md">
        <Title order={1} size="h2">
          Aplicațiile OGO
        </Title>
        <Text c="dimmed" maw={680}>
          Șoferii primesc comenzile dispeceratului în aplicația pentru șoferi: oferta apare cu
          adresa de preluare, șoferul o acceptă și spune în câte minute ajunge, apoi urmează traseul
          până la client. Clienții comandă o mașină sau o livrare din aplicația pentru clienți și
          văd pe hartă cine vine și când.
        </Text>
        {config ? <StoreLinks config={config} /> : <Skeleton height={140} />}
        <Text size="sm">
          Șoferii care vor funcțiile noi mai devreme pot instala{' '}
          <Anchor component={Link} to="/pro">
            versiunea beta
          </Anchor>
          .
        </Text>
      </Stack>
    </PublicPage>
  );
}

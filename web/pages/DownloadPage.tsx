import { Alert, Anchor, Stack, Text, Title } from '@mantine/core';
import { useEffect, useMemo } from 'react';
import { PageLoader } from '../app/PageLoader';
import { PublicPage } from '../components/PublicPage';
import { decideDownload } from '../features/downloads/download-target';
import { StoreLinks } from '../features/downloads/StoreLinks';
import { useRuntimeConfig } from '../lib/runtime-config';

/** `/download`: Android → driver app, iPhone → client app, anything else chooses. */
export default function DownloadPage() {
  const { data: config, isError } = useRuntimeConfig();
  const decision = useMemo(
    () => config && decideDownload(navigator.userAgent, config, navigator.maxTouchPoints),
    [config],
  );

  useEffect(() => {
    if (decision?.kind === 'redirect') window.location.replace(decision.url);
  }, [decision]);

  if (isError) {
    return (
      <PublicPage>
        <Alert color="red" variant="light">
          Linkurile de descărcare nu au putut fi încărcate. Reîncercați mai târziu.
        </Alert>
      </PublicPage>
    );
  }
  if (!config || !decision) return <PageLoader />;

  if (decision.kind === 'redirect') {
    return (
      <PublicPage>
        <Text data-testid="download-redirect">
          Vă trimitem la magazinul de aplicații…{' '}
          <Anchor href={decision.url}>Deschideți linkul</Anchor> dacă nu se întâmplă nimic.
        </Text>
      </PublicPage>
    );
  }
  return (
    <PublicPage>
      <Stack gap="md">
        <Title order={1} size="h2">
          Descarcă aplicația
        </Title>
        <StoreLinks config={config} />
      </Stack>
    </PublicPage>
  );
}

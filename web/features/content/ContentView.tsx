import { Alert, Skeleton, Stack, Title, Typography } from '@mantine/core';
import { useContent } from './use-content';

/** SPEC §2 /driver/privacy and /content: a page loaded from the content endpoint. */
export function ContentView({ id }: { id: number }) {
  const { data, isPending, isError, error } = useContent(id);

  if (isPending) {
    return (
      <Stack gap="sm" aria-busy="true">
        <Skeleton height={28} width="40%" />
        <Skeleton height={14} />
        <Skeleton height={14} />
        <Skeleton height={14} width="70%" />
      </Stack>
    );
  }
  if (isError) {
    return (
      <Alert color="red" variant="light" title="Conținutul nu a putut fi încărcat">
        {error.message}
      </Alert>
    );
  }
  return (
    <article>
      <Title order={1} size="h2" mb="md">
        {data.title}
      </Title>
      <Typography>
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: the server sanitises content (sanitize-html) before serving it; SPEC §7 content is HTML. */}
        <div data-testid="content-html" dangerouslySetInnerHTML={{ __html: data.content }} />
      </Typography>
    </article>
  );
}

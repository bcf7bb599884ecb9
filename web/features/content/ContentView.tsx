import type { Content } from '@common/content/content.schema';
import { Alert, Skeleton, Stack, Title, Typography } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { SafeHtml } from './SafeHtml';

/**
 * /driver/privacy, /page/{url}, /documentation/{url}, /docs/{url}: a page from the
 * content store. The HTML the server sanitised is rendered as React elements (SafeHtml).
 */
export function ContentView({ query }: { query: UseQueryResult<Content, Error> }) {
  const { data, isPending, isError, error } = query;

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
        <SafeHtml html={data.content} testId="content-html" />
      </Typography>
    </article>
  );
}

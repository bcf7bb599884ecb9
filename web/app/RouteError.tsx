import { Alert, Button, Container, Stack, Text } from '@mantine/core';
import { isRouteErrorResponse, useRouteError } from 'react-router';

// A deploy replaces the chunks an open tab still refers to: reloading fetches the new ones.
const isChunkLoadError = (error: unknown) =>
  error instanceof Error &&
  /dynamically imported module|Importing a module script failed|Failed to fetch/i.test(
    error.message,
  );

/** Error boundary of the page area: the header stays, the page explains and offers a reload. */
export function RouteError() {
  const error = useRouteError();
  const title = isChunkLoadError(error)
    ? 'A apărut o versiune nouă a aplicației.'
    : 'Pagina nu a putut fi afișată.';
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : undefined;
  return (
    <Container size="sm" py="xl">
      <Alert color="red" variant="light" title={title}>
        <Stack gap="sm" align="flex-start">
          {detail && (
            <Text size="sm" c="dimmed">
              {detail}
            </Text>
          )}
          <Button size="xs" variant="light" color="red" onClick={() => window.location.reload()}>
            Reîncarcă pagina
          </Button>
        </Stack>
      </Alert>
    </Container>
  );
}

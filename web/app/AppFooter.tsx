import { Anchor, Group, Text } from '@mantine/core';

/** Shell footer: product, year and the running version, linked to the API docs. */
export function AppFooter() {
  return (
    <Group
      component="footer"
      justify="space-between"
      px="md"
      py="xs"
      gap="xs"
      data-testid="app-footer"
      style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}
    >
      <Text size="xs" c="dimmed">
        OGO Dispatch © {new Date().getFullYear()}
      </Text>
      <Anchor
        href="/api/docs"
        target="_blank"
        rel="noreferrer"
        size="xs"
        c="dimmed"
        title="Documentația API (OpenAPI)"
      >
        v{__APP_VERSION__}
      </Anchor>
    </Group>
  );
}

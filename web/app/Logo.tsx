import { Group, Text, UnstyledButton } from '@mantine/core';
import { Link } from 'react-router';

/** Product mark: the name is the logo ("OGO Dispatch"), no image to load. */
export function Logo({ to = '/' }: { to?: string }) {
  return (
    <UnstyledButton component={Link} to={to} aria-label="OGO Dispatch — acasă" data-testid="logo">
      <Group gap={8} wrap="nowrap">
        <svg width="26" height="26" viewBox="0 0 26 26" aria-hidden="true">
          <rect width="26" height="26" rx="6" fill="var(--mantine-primary-color-filled)" />
          <circle cx="13" cy="13" r="6.2" fill="none" stroke="white" strokeWidth="2.6" />
          <circle cx="13" cy="13" r="1.8" fill="white" />
        </svg>
        <Text fw={700} size="md" style={{ letterSpacing: '-0.01em', whiteSpace: 'nowrap' }}>
          OGO{' '}
          <Text span c="dimmed" fw={500} inherit>
            Dispatch
          </Text>
        </Text>
      </Group>
    </UnstyledButton>
  );
}

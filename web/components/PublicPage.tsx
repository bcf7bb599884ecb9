import { Container } from '@mantine/core';
import type { ReactNode } from 'react';

/** Width and rhythm of the public (reading) pages; console pages use the full width. */
export function PublicPage({ children }: { children: ReactNode }) {
  return (
    <Container size="md" py="lg" px={0}>
      {children}
    </Container>
  );
}

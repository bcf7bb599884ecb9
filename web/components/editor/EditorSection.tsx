import { Box, Text } from '@mantine/core';
import type { ReactNode } from 'react';

export interface EditorSectionProps {
  /** What is edited: 'Zonă nouă', 'Editare stație'… */
  title: string;
  testId: string;
  /** The form. */
  children: ReactNode;
}

/** The editor under a list-and-editor screen's list, ruled off from it, with its heading. */
export function EditorSection({ title, testId, children }: EditorSectionProps) {
  return (
    <Box
      p="sm"
      style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}
      data-testid={testId}
    >
      <Text size="sm" fw={600} mb={4}>
        {title}
      </Text>
      {children}
    </Box>
  );
}

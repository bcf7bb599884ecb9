import { Button, Group } from '@mantine/core';

/** The save button under a field a placed order edits on its own (comment, client). */
export function SaveEditButton({
  saving,
  onSave,
  testId,
  children,
}: {
  saving: boolean;
  onSave: () => void;
  testId: string;
  children: string;
}) {
  return (
    <Group gap="xs">
      <Button size="compact-xs" loading={saving} onClick={onSave} data-testid={testId}>
        {children}
      </Button>
    </Group>
  );
}

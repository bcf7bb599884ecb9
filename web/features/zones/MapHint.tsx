import { Paper, Text } from '@mantine/core';
import type { Editing } from './use-zone-editor';

/** What the map expects next, in one line over it (how terra-draw draws and edits, see DrawLayer). */
export function mapHint(editing: Editing | null, drawing: boolean): string | null {
  if (!editing) return null;
  const outline = editing.kind === 'zone' || editing.draft.shape === 'outline';
  if (outline && drawing) {
    return 'Clic pe hartă pentru fiecare colț; închideți conturul cu clic pe primul colț sau dublu clic pe ultimul. Esc renunță.';
  }
  if (outline) {
    return 'Trageți colțurile. Clic pe punctul din mijlocul unei laturi adaugă un colț, clic dreapta pe un colț îl șterge. Esc renunță.';
  }
  if (drawing) return 'Clic pe hartă unde este stația. Esc renunță.';
  return 'Trageți punctul stației pentru a o muta. Esc renunță.';
}

export function MapHint({ editing, drawing }: { editing: Editing | null; drawing: boolean }) {
  const hint = mapHint(editing, drawing);
  if (!hint) return null;
  return (
    <Paper
      shadow="xs"
      px="sm"
      py={6}
      radius="sm"
      pos="absolute"
      top={10}
      left={10}
      right={56}
      maw={620}
      style={{ pointerEvents: 'none' }}
      data-testid="zones-map-hint"
    >
      <Text size="xs">{hint}</Text>
    </Paper>
  );
}

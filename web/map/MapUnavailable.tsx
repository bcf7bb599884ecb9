import { Paper, Text } from '@mantine/core';
import { MAP_BACKGROUND } from './basemap-style';

/**
 * In the map's place when it cannot be drawn (no WebGL, or its chunk failed to load): one
 * short line, not a map-sized hole; the screen around it works as before.
 */
export function MapUnavailable({ testId }: { testId?: string }) {
  return (
    <Paper px="sm" py={8} bg={MAP_BACKGROUND} data-testid={testId} data-map-state="unavailable">
      <Text size="xs" c="dimmed">
        Harta nu poate fi afișată în acest browser (WebGL indisponibil).
      </Text>
    </Paper>
  );
}

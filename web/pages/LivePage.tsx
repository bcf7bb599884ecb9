import { Box } from '@mantine/core';
import { DriversMap } from '../features/drivers/DriversMap';

/**
 * /live: the live drivers map alone, the whole window, without navigation bars (the
 * route's `hideNav`), for a wall screen or a second monitor. Login required.
 */
export default function LivePage() {
  return (
    <Box
      h="100dvh"
      p={6}
      bg="var(--mantine-color-gray-0)"
      style={{ display: 'flex', flexDirection: 'column' }}
      data-testid="live-page"
    >
      <DriversMap />
    </Box>
  );
}

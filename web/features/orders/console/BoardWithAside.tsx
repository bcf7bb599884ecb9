import { Box } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * The console's two columns: the order board, and beside it the order form on
 * /operator or the drivers map on /operator/v2. Both take the height the page leaves them and
 * scroll on their own (the page itself never scrolls), so the board's tabs and the
 * form's first fields stay where the dispatcher's eyes expect them.
 */
export function BoardWithAside({
  board,
  aside,
  asideWidth,
}: {
  board: ReactNode;
  aside: ReactNode;
  /** The aside column's CSS grid track, e.g. 'minmax(400px, 440px)'. */
  asideWidth: string;
}) {
  return (
    <Box
      style={{
        flex: 1,
        minHeight: 0,
        display: 'grid',
        gridTemplateColumns: `minmax(0, 1fr) ${asideWidth}`,
        gridTemplateRows: 'minmax(0, 1fr)',
        gap: 'var(--mantine-spacing-sm)',
      }}
    >
      <Box style={{ minWidth: 0, minHeight: 0, display: 'flex', flexDirection: 'column' }}>
        {board}
      </Box>
      <Box
        style={{
          minHeight: 0,
          display: 'flex',
          flexDirection: 'column',
          overflowY: 'auto',
          overscrollBehavior: 'contain',
        }}
        data-testid="console-aside"
      >
        {aside}
      </Box>
    </Box>
  );
}

import { Box } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * The console's two columns (SPEC §2): the order board, and beside it a column that stays in
 * view while the board scrolls (the order form on /operator, the drivers map on /operator/v2).
 */
export function BoardWithAside({
  board,
  aside,
  asideWidth,
}: {
  board: ReactNode;
  aside: ReactNode;
  /** The aside column's CSS grid track, e.g. 'minmax(420px, 520px)'. */
  asideWidth: string;
}) {
  return (
    <Box
      style={{
        display: 'grid',
        gridTemplateColumns: `minmax(0, 1fr) ${asideWidth}`,
        gap: 'var(--mantine-spacing-sm)',
        alignItems: 'start',
      }}
    >
      <Box style={{ minWidth: 0 }}>{board}</Box>
      <Box style={{ position: 'sticky', top: 60 }}>{aside}</Box>
    </Box>
  );
}

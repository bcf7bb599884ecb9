import { Button, Tooltip } from '@mantine/core';
import { useState } from 'react';
import type { Flavour } from '../../lib/orders/labels';
import { ZoneStatisticsDrawer } from './ZoneStatisticsDrawer';

/** Top bar: the zone statistics sidebar ('Statistici zone'; the delivery zones button). */
export function ZoneStatisticsButton({ flavour }: { flavour: Flavour }) {
  const [opened, setOpened] = useState(false);
  return (
    <>
      {/* A short label: the top bar is full at 1440 px; the tooltip and name say it whole. */}
      <Tooltip label="Statistici zone" openDelay={300}>
        <Button
          variant="default"
          size="xs"
          onClick={() => setOpened(true)}
          aria-label="Statistici zone"
          data-testid="open-zone-statistics"
        >
          Zone
        </Button>
      </Tooltip>
      <ZoneStatisticsDrawer opened={opened} onClose={() => setOpened(false)} flavour={flavour} />
    </>
  );
}

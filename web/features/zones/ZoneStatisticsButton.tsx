import { Button } from '@mantine/core';
import { useState } from 'react';
import { Icon } from '../../components/Icon';
import type { Flavour } from '../orders/labels';
import { ZoneStatisticsDrawer } from './ZoneStatisticsDrawer';

/** SPEC §2 top bar: the zone statistics sidebar ('Statistici zone'; the delivery zones button). */
export function ZoneStatisticsButton({ flavour }: { flavour: Flavour }) {
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button
        variant="default"
        size="xs"
        leftSection={<Icon name="chart" size={14} />}
        onClick={() => setOpened(true)}
        data-testid="open-zone-statistics"
      >
        Statistici zone
      </Button>
      <ZoneStatisticsDrawer opened={opened} onClose={() => setOpened(false)} flavour={flavour} />
    </>
  );
}

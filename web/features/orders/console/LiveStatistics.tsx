import { Group } from '@mantine/core';
import { FLAVOUR_LABELS, type Flavour } from '../../../lib/orders/labels';
import { useLiveStatistics } from '../data/use-order-statistics';
import { StatFigure as Figure } from './StatFigure';

/**
 * Top bar: last 24 h orders and cancellations, and (for whoever watches the fleet) drivers
 * online, busy, free. Close together, their
 * labels on two lines when the bar is narrow: at 1440 px the quick screen's bar holds them and
 * every button.
 */
export function LiveStatistics({ flavour, drivers }: { flavour: Flavour; drivers: boolean }) {
  const { data } = useLiveStatistics();
  const driversLabel = FLAVOUR_LABELS[flavour].drivers;
  return (
    <Group gap="sm" wrap="nowrap" data-testid="live-statistics">
      <Figure label="Comenzi 24h" value={data?.orders_24h} testId="stat-orders-24h" />
      <Figure
        label="Anulate 24h"
        value={data?.canceled_24h}
        color="red.7"
        testId="stat-canceled-24h"
      />
      {drivers && (
        <>
          <Figure
            label={`${driversLabel} online`}
            value={data?.drivers_online}
            testId="stat-drivers-online"
          />
          <Figure
            label="Ocupați"
            value={data?.drivers_busy}
            color="orange.8"
            testId="stat-drivers-busy"
          />
          <Figure
            label="Liberi"
            value={data?.drivers_free}
            color="green.8"
            testId="stat-drivers-free"
          />
        </>
      )}
    </Group>
  );
}

import { Text } from '@mantine/core';

/**
 * SPEC §2 /simulator: the orders offered to this driver, each with 'Accept' (proposing
 * SIMULATOR_DEFAULT_OFFER_TIME minutes, SPEC §9) and 'Refuz'. Nothing offers orders yet: the
 * dispatch engine's issue fills this slot from the driver's socket, so it says so instead of
 * showing buttons that would do nothing.
 */
export function SimulatorOffers({ driverId }: { driverId: number }) {
  return (
    <Text size="xs" c="dimmed" data-testid={`simulator-offers-${driverId}`}>
      Nicio ofertă
    </Text>
  );
}

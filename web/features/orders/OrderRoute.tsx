import { placeLabel } from '@common/orders/orders.rules';
import type { OrderPlace } from '@common/orders/orders.schema';
import { Badge, Group, Stack, Text } from '@mantine/core';

const details = (p: Pick<OrderPlace, 'bloc' | 'scara' | 'reper' | 'comment'>) =>
  [
    p.bloc && `bl. ${p.bloc}`,
    p.scara && `sc. ${p.scara}`,
    p.reper && `reper: ${p.reper}`,
    p.comment,
  ]
    .filter(Boolean)
    .join(' · ');

/**
 * The route as its places A, B, C… (SPEC §2). The map with the A/B markers comes with the map
 * issue; this list stays as its legend.
 */
export function OrderRoute({ places }: { places: readonly OrderPlace[] }) {
  if (places.length === 0) {
    return (
      <Text size="sm" c="red.7" data-testid="order-route-empty">
        Adresă nespecificată.
      </Text>
    );
  }
  return (
    <Stack gap={6} data-testid="order-route">
      {places.map((place, index) => (
        <Group key={place.id} gap="xs" wrap="nowrap" align="flex-start">
          <Badge size="sm" variant="filled" circle>
            {placeLabel(index)}
          </Badge>
          <Stack gap={0} style={{ minWidth: 0 }}>
            <Text size="sm">{place.name}</Text>
            {details(place) && (
              <Text size="xs" c="dimmed">
                {details(place)}
              </Text>
            )}
          </Stack>
        </Group>
      ))}
    </Stack>
  );
}

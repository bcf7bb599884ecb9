import { placeLabel } from '@common/orders/orders.rules';
import type { OrderPlace } from '@common/orders/orders.schema';
import { Badge, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { BADGE_TONES } from '../../../map/badge-images';
import { placeRole, routeHasMap } from '../../../map/route-features';
import { OrderRouteMap } from './OrderRouteMap';

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
 * The route as its places A, B, C… beside a map with the same A/B markers; the list
 * is the map's legend. Places without coordinates get the list only.
 */
export function OrderRoute({ places }: { places: readonly OrderPlace[] }) {
  if (places.length === 0) {
    return (
      <Text size="sm" c="red.7" data-testid="order-route-empty">
        Adresă nespecificată.
      </Text>
    );
  }
  const list = (
    <Stack gap={6} data-testid="order-route">
      {places.map((place, index) => (
        <Group key={place.id} gap="xs" wrap="nowrap" align="flex-start">
          {/* The map's colours: the list is its legend. */}
          <Badge
            size="sm"
            variant="filled"
            circle
            color={BADGE_TONES[placeRole(index, places.length)]}
          >
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
  if (!routeHasMap(places)) return list;
  return (
    <SimpleGrid cols={2} spacing="md">
      {list}
      <OrderRouteMap places={places} />
    </SimpleGrid>
  );
}

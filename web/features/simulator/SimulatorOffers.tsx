import { DEFAULT_OFFER_MINUTES } from '@common/dispatch/dispatch.schema';
import { Badge, Button, Group, NumberInput, Paper, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useNow } from '../../lib/use-now';
import { formatDistance } from '../dispatch';
import type { SimulatedOffer } from './simulator-store';

interface SimulatorOffersProps {
  driverId: number;
  offers: readonly SimulatedOffer[];
  onAccept: (orderId: number, minutes: number) => void;
  onRefuse: (orderId: number) => void;
}

function OfferRow({
  driverId,
  item,
  now,
  onAccept,
  onRefuse,
}: {
  driverId: number;
  item: SimulatedOffer;
  now: number;
  onAccept: (minutes: number) => void;
  onRefuse: () => void;
}) {
  const { offer, answer } = item;
  const [minutes, setMinutes] = useState<number>(DEFAULT_OFFER_MINUTES);
  const left = Math.max(0, Math.ceil((offer.expires_ms - now) / 1000));
  const id = `${driverId}-${offer.orderId}`;
  return (
    <Paper
      withBorder
      radius="xs"
      px={6}
      py={4}
      bg={offer.kind === 'offer' ? 'red.0' : undefined}
      data-testid={`simulator-offer-${id}`}
      data-answer={answer}
    >
      <Group gap={6} justify="space-between" wrap="nowrap">
        <Group gap={6} wrap="nowrap" style={{ minWidth: 0 }}>
          <Text size="xs" fw={700}>
            #{offer.orderId}
          </Text>
          {offer.kind === 'pending' && (
            <Badge size="xs" color="orange" variant="light" style={{ flexShrink: 0 }}>
              În așteptare
            </Badge>
          )}
          <Text size="xs" truncate title={offer.address ?? undefined}>
            {offer.address ?? offer.places[0]?.name ?? '—'}
          </Text>
        </Group>
        <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
          {[formatDistance(offer.distance_m), offer.kind === 'offer' ? `${left} s` : null]
            .filter(Boolean)
            .join(' · ')}
        </Text>
      </Group>
      {answer === 'accepted' ? (
        <Text size="xs" c="green.8" fw={600} data-testid={`simulator-offer-waiting-${id}`}>
          Acceptată, se așteaptă confirmarea…
        </Text>
      ) : (
        <Group gap={4} mt={4} wrap="nowrap">
          <NumberInput
            size="xs"
            w={70}
            min={1}
            max={180}
            value={minutes}
            onChange={(value) =>
              setMinutes(typeof value === 'number' ? value : DEFAULT_OFFER_MINUTES)
            }
            suffix=" min"
            aria-label="Minute până la client"
            data-testid={`simulator-offer-minutes-${id}`}
          />
          <Button
            size="compact-xs"
            color="green"
            loading={answer === 'sending'}
            onClick={() => onAccept(minutes)}
            data-testid={`simulator-accept-${id}`}
          >
            Accept
          </Button>
          <Button
            size="compact-xs"
            variant="default"
            disabled={answer === 'sending'}
            onClick={onRefuse}
            data-testid={`simulator-refuse-${id}`}
          >
            Refuz
          </Button>
        </Group>
      )}
    </Paper>
  );
}

/**
 * /simulator: the orders offered to this driver (order_available on his own socket,
 * and his pending queue), each with 'Accept' (the minutes he needs, 3 by default) and
 * 'Refuz'; an offer leaves with remove_live_order. After 'Accept' the order is his only once
 * the step's search time has passed: until then it waits for the confirmation.
 */
export function SimulatorOffers({ driverId, offers, onAccept, onRefuse }: SimulatorOffersProps) {
  const now = useNow(1000, offers.length > 0);
  if (offers.length === 0)
    return (
      <Text size="xs" c="dimmed" data-testid={`simulator-offers-${driverId}`}>
        Nicio ofertă
      </Text>
    );
  return (
    <Stack gap={4} data-testid={`simulator-offers-${driverId}`} data-count={offers.length}>
      {offers.map((item) => (
        <OfferRow
          key={item.offer.orderId}
          driverId={driverId}
          item={item}
          now={now}
          onAccept={(minutes) => onAccept(item.offer.orderId, minutes)}
          onRefuse={() => onRefuse(item.offer.orderId)}
        />
      ))}
    </Stack>
  );
}

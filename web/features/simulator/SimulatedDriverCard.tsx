import { Button, CloseButton, Group, Paper, Stack, Switch, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { SimulatorOffers } from './SimulatorOffers';
import { SimulatorOrders } from './SimulatorOrders';
import type { SimulatedDriverView, TripStep } from './simulator-store';
import type { DriverZone } from './use-driver-zones';

interface SimulatedDriverCardProps {
  view: SimulatedDriverView;
  /** Undefined while he is not on the map, null outside every zone. */
  zone: DriverZone | null | undefined;
  onOnline: (online: boolean) => void;
  onPause: (paused: boolean) => void;
  onRemove: () => void;
  onAccept: (orderId: number, minutes: number) => void;
  onRefuse: (orderId: number) => void;
  onTrip: (orderId: number, step: TripStep) => void;
  onCancelTrip: (orderId: number, reason: string) => void;
  /** His messages panel (his own session). */
  messages?: ReactNode;
}

const STATUS_LABEL = { online: 'Online', paused: 'În pauză', offline: 'Offline' } as const;

function zoneText(zone: DriverZone | null | undefined): string {
  if (zone === undefined) return 'Zonă: —';
  if (zone === null) return 'În afara zonelor';
  const drivers =
    zone.drivers === null ? '' : ` · ${zone.drivers} ${zone.drivers === 1 ? 'șofer' : 'șoferi'}`;
  return `${zone.name} · prioritate ${zone.priority}${drivers}`;
}

/**
 * /simulator: one picked driver, dense: call sign and name, the online / offline toggle
 * (his own session, PATCH /api/drivers/me/status), the zone the server put him in with its
 * priority and driver count, the orders offered to him, and his messages.
 */
export function SimulatedDriverCard({
  view,
  zone,
  onOnline,
  onPause,
  onRemove,
  onAccept,
  onRefuse,
  onTrip,
  onCancelTrip,
  messages,
}: SimulatedDriverCardProps) {
  const { driver, status, pending, error } = view;
  const callSign = driver.default_car?.indicativ ?? driver.identifier;
  const atWork = status === 'online' || status === 'paused';
  return (
    <Paper
      withBorder
      radius="sm"
      px="xs"
      py={6}
      data-testid={`simulator-card-${driver.id}`}
      data-status={status ?? 'unknown'}
      data-lat={view.position.lat}
      data-lng={view.position.lng}
    >
      <Stack gap={2}>
        <Group gap="xs" wrap="nowrap" justify="space-between">
          <Group gap={6} wrap="nowrap" style={{ minWidth: 0 }}>
            {callSign && (
              <Text fw={700} size="sm">
                {callSign}
              </Text>
            )}
            <Text size="sm" truncate title={driver.name}>
              {driver.name}
            </Text>
          </Group>
          <Group gap={4} wrap="nowrap">
            {atWork && (
              // His app's pause (docs/DRIVER-API.md §2): on the map, offered nothing.
              <Button
                size="compact-xs"
                variant={status === 'paused' ? 'filled' : 'default'}
                color="orange"
                aria-pressed={status === 'paused'}
                disabled={pending}
                onClick={() => onPause(status !== 'paused')}
                data-testid={`simulator-pause-${driver.id}`}
              >
                Pauză
              </Button>
            )}
            <Switch
              size="sm"
              label={status === null ? '…' : STATUS_LABEL[status]}
              checked={atWork}
              disabled={status === null || pending}
              onChange={(event) => onOnline(event.currentTarget.checked)}
              aria-label={`${callSign ?? driver.name} online`}
              data-testid={`simulator-online-${driver.id}`}
            />
            <CloseButton
              size="sm"
              onClick={onRemove}
              aria-label={`Scoate șoferul ${callSign ?? driver.name}`}
              data-testid={`simulator-remove-${driver.id}`}
            />
          </Group>
        </Group>
        <Text size="xs" data-testid={`simulator-zone-${driver.id}`}>
          {zoneText(atWork ? zone : undefined)}
        </Text>
        <SimulatorOrders
          driverId={driver.id}
          orders={view.orders}
          pending={view.tripPending}
          onTrip={onTrip}
          onCancel={onCancelTrip}
        />
        <SimulatorOffers
          driverId={driver.id}
          offers={view.offers}
          onAccept={onAccept}
          onRefuse={onRefuse}
        />
        {messages}
        {error && (
          <Text size="xs" c="red" data-testid={`simulator-error-${driver.id}`}>
            {error}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}

import { Button, Stack } from '@mantine/core';
import { Icon } from '../../components/Icon';
import { useStoredState } from '../../lib/use-stored-state';
import { DriversMap } from './DriversMap';

const isBoolean = (value: unknown): value is boolean => typeof value === 'boolean';

/** Tall enough for the 1500 m circle and its neighbourhood, short enough to leave the form. */
const PANEL_MAP_HEIGHT = 340;

/**
 * Operator order screen: the drivers-on-map panel under the order form. Closed until
 * the dispatcher opens it (and then open on every order, remembered locally), so the order
 * screen does not download the map unasked.
 */
export function DriversOnMapPanel({
  onOpenOrder,
  focusDriverId = null,
}: {
  onOpenOrder?: (id: number) => void;
  /** 'Localizare': the assigned driver shown and centred (it opens the map). */
  focusDriverId?: number | null;
}) {
  const [stored, setOpen] = useStoredState('order-screen.drivers-map', false, isBoolean);
  const open = stored || focusDriverId !== null;
  return (
    <Stack gap={6} mt="xs" data-testid="order-drivers-map">
      <Button
        variant="default"
        size="xs"
        fullWidth
        justify="space-between"
        leftSection={<Icon name="map" size={14} />}
        rightSection={
          <Icon
            name="chevronDown"
            size={14}
            style={{ transform: open ? 'rotate(180deg)' : undefined }}
          />
        }
        onClick={() => setOpen(!open)}
        aria-expanded={open}
        data-testid="order-drivers-map-toggle"
      >
        Șoferi pe hartă
      </Button>
      {open && (
        <DriversMap
          height={PANEL_MAP_HEIGHT}
          onOpenOrder={onOpenOrder}
          focusDriverId={focusDriverId}
        />
      )}
    </Stack>
  );
}

import { Box, Group, Paper, Switch, Text, TextInput } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useStoredState } from '../../lib/use-stored-state';
import { CircleLayer } from '../../map/CircleLayer';
import { CompanyMarker } from '../../map/CompanyMarker';
import { companyCenter } from '../../map/company-center';
import { DriversLayer } from '../../map/DriversLayer';
import { filterDrivers, followedCenter } from '../../map/drivers';
import { MapView } from '../../map/MapView';
import { ZonesLayer } from '../../map/ZonesLayer';
import { DRIVER_CIRCLE_M, driversMapZoom } from '../../map/zoom';
import { useCurrentUser } from '../auth';
import { DriverCard } from './DriverCard';
import { DriversMapLegend } from './DriversMapLegend';
import { useOffMapMessage } from './use-call-sign-lookup';
import { useDriverPositions } from './use-driver-positions';
import { useMapZones } from './use-map-zones';

interface DriversMapProps {
  /** The map's height; without one the panel fills its parent's height (a console column). */
  height?: number | string;
  /** Opens an order from the driver card (the console's side panel). */
  onOpenOrder?: (id: number) => void;
  /**
   * Order screen 'Localizare': the assigned driver alone on the map, centred on him
   * (as the indicator search's single match is).
   */
  focusDriverId?: number | null;
}

const isBoolean = (value: unknown): value is boolean => typeof value === 'boolean';

/**
 * Drivers map: centred on the company (fallback centre without coordinates) at
 * zoom 13, 7 for user 1, the 1500 m circle around it, the online drivers live as one
 * WebGL layer, a search by indicator whose single match the map follows, 'Afișează zonele',
 * and the driver card on a click on a driver (or Enter on a single match).
 */
export function DriversMap({ height, onOpenOrder, focusDriverId = null }: DriversMapProps) {
  const user = useCurrentUser();
  const company = useMemo(() => companyCenter(user.companies[0]), [user.companies]);
  const positions = useDriverPositions();
  const drivers = positions.drivers;
  const [query, setQuery] = useState('');
  const [showZones, setShowZones] = useStoredState('drivers-map.zones', false, isBoolean);
  const zones = useMapZones(showZones);
  const [selected, setSelected] = useState<number | null>(null);
  const shown = useMemo(
    () =>
      focusDriverId !== null
        ? drivers.filter((d) => d.id === focusDriverId)
        : filterDrivers(drivers, query),
    [drivers, query, focusDriverId],
  );
  const followed = shown.length === 1 ? shown[0] : undefined;
  const center = followedCenter(shown) ?? company;
  const searchMissed =
    focusDriverId === null && !positions.isPending && query.trim() !== '' && shown.length === 0;
  const offMap = useOffMapMessage(query, searchMissed);

  const empty = positions.isPending
    ? null
    : positions.isError
      ? 'Pozițiile șoferilor nu au putut fi citite.'
      : searchMissed
        ? (offMap ?? 'Se caută șoferul…')
        : drivers.length === 0
          ? 'Niciun șofer cu poziție cunoscută.'
          : shown.length === 0 && focusDriverId !== null
            ? 'Șoferul alocat nu are poziție cunoscută.'
            : null;

  return (
    <Paper
      withBorder
      p={6}
      radius="sm"
      data-testid="drivers-map-panel"
      data-driver-count={positions.isPending ? undefined : shown.length}
      data-followed={followed?.id}
      style={
        height === undefined
          ? { flex: 1, minHeight: 0, display: 'flex', flexDirection: 'column' }
          : undefined
      }
    >
      <Group gap="xs" mb={6} wrap="nowrap" justify="space-between">
        <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
          <TextInput
            size="xs"
            placeholder="Caută după indicativ"
            aria-label="Caută șofer după indicativ"
            value={query}
            onChange={(event) => setQuery(event.currentTarget.value)}
            onKeyDown={(event) => {
              // The single match the map follows: Enter opens his card.
              if (event.key === 'Enter' && followed) setSelected(followed.id);
            }}
            style={{ flex: '0 1 200px' }}
            data-testid="drivers-map-search"
          />
          <Switch
            size="xs"
            label="Afișează zonele"
            checked={showZones}
            onChange={(event) => setShowZones(event.currentTarget.checked)}
            data-testid="drivers-map-zones"
            styles={{ label: { whiteSpace: 'nowrap' } }}
          />
        </Group>
        <Text size="xs" c="dimmed" truncate data-testid="drivers-map-count">
          {positions.isPending ? '' : `${shown.length} pe hartă`}
          {company.isFallback ? ' · compania nu are coordonate' : ''}
        </Text>
      </Group>
      <Box pos="relative" style={height === undefined ? { flex: 1, minHeight: 0 } : undefined}>
        <MapView
          center={center}
          zoom={driversMapZoom(user.id)}
          height={height ?? '100%'}
          label="Harta șoferilor"
          testId="drivers-map"
        >
          <CircleLayer center={company} radiusM={DRIVER_CIRCLE_M} />
          <CompanyMarker center={company} />
          <DriversLayer drivers={shown} onSelect={setSelected} />
          {showZones && zones.data && <ZonesLayer zones={zones.data} />}
        </MapView>
        {/* Beside the map, not in it: said also where the map cannot be drawn. */}
        {empty && <DriversMapEmpty text={empty} />}
        <DriversMapLegend zones={showZones} />
        {selected !== null && (
          <Box
            pos="absolute"
            top={8}
            left={8}
            bottom={8}
            style={{
              width: 'min(340px, calc(100% - 16px))',
              display: 'flex',
              flexDirection: 'column',
              justifyContent: 'flex-start',
              pointerEvents: 'none',
              zIndex: 2,
            }}
          >
            <Box
              style={{
                pointerEvents: 'auto',
                minHeight: 0,
                display: 'flex',
                flexDirection: 'column',
              }}
            >
              <DriverCard
                key={selected}
                driverId={selected}
                onClose={() => setSelected(null)}
                onOpenOrder={onOpenOrder}
              />
            </Box>
          </Box>
        )}
      </Box>
    </Paper>
  );
}

function DriversMapEmpty({ text }: { text: string }) {
  return (
    <Paper
      shadow="xs"
      px="sm"
      py={6}
      radius="sm"
      pos="absolute"
      top={10}
      left="50%"
      style={{ transform: 'translateX(-50%)', pointerEvents: 'none', whiteSpace: 'nowrap' }}
      data-testid="drivers-map-empty"
    >
      <Text size="sm" c="dimmed">
        {text}
      </Text>
    </Paper>
  );
}

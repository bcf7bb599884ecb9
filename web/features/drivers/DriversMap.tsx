import { Box, Group, Paper, Text, TextInput } from '@mantine/core';
import { useMemo, useState } from 'react';
import { CircleLayer } from '../../map/CircleLayer';
import { CompanyMarker } from '../../map/CompanyMarker';
import { DriversLayer } from '../../map/DriversLayer';
import { filterDrivers, followedCenter, type MapDriver } from '../../map/drivers';
import { MapView } from '../../map/MapView';
import { DRIVER_CIRCLE_M, driversMapZoom } from '../../map/zoom';
import { useCurrentUser } from '../auth/use-current-user';
import { companyCenter } from '../companies/company-center';

/**
 * Driver positions arrive with the dispatch and driver-app issue (DESIGN §5 driver index); the
 * layer is drawn from this empty list until then — never from made-up drivers.
 */
const NO_DRIVERS: readonly MapDriver[] = [];

interface DriversMapProps {
  /** The map's height; without one the panel fills its parent's height (a console column). */
  height?: number | string;
  drivers?: readonly MapDriver[];
}

/**
 * SPEC §2 drivers map: centred on the company (SPEC §1 fallback centre without coordinates) at
 * zoom 13, 7 for user 1 (SPEC §9), the 1500 m circle around it, the drivers as one WebGL
 * layer, and a search by indicator whose single match the map follows.
 */
export function DriversMap({ height, drivers = NO_DRIVERS }: DriversMapProps) {
  const user = useCurrentUser();
  const company = useMemo(() => companyCenter(user.companies[0]), [user.companies]);
  const [query, setQuery] = useState('');
  const shown = useMemo(() => filterDrivers(drivers, query), [drivers, query]);
  const center = followedCenter(shown) ?? company;

  const empty =
    drivers.length === 0
      ? 'Niciun șofer cu poziție cunoscută.'
      : shown.length === 0
        ? 'Niciun șofer cu acest indicativ.'
        : null;

  return (
    <Paper
      withBorder
      p={6}
      radius="sm"
      data-testid="drivers-map-panel"
      style={
        height === undefined
          ? { flex: 1, minHeight: 0, display: 'flex', flexDirection: 'column' }
          : undefined
      }
    >
      <Group gap="xs" mb={6} wrap="nowrap" justify="space-between">
        <TextInput
          size="xs"
          placeholder="Caută după indicativ"
          aria-label="Caută șofer după indicativ"
          value={query}
          onChange={(event) => setQuery(event.currentTarget.value)}
          style={{ flex: '0 1 220px' }}
          data-testid="drivers-map-search"
        />
        <Text size="xs" c="dimmed" truncate>
          {company.isFallback
            ? 'Compania nu are coordonate: centrul implicit'
            : (user.companies[0]?.name ?? '')}
        </Text>
      </Group>
      <Box style={height === undefined ? { flex: 1, minHeight: 0 } : undefined}>
        <MapView
          center={center}
          zoom={driversMapZoom(user.id)}
          height={height ?? '100%'}
          label="Harta șoferilor"
          testId="drivers-map"
          overlay={empty && <DriversMapEmpty text={empty} />}
        >
          <CircleLayer center={company} radiusM={DRIVER_CIRCLE_M} />
          <CompanyMarker center={company} />
          <DriversLayer drivers={shown} />
        </MapView>
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

import { mayOpenPage } from '@common/auth/page-access';
import { Anchor, Group, Paper, Text } from '@mantine/core';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { CompanyMarker } from '../../map/CompanyMarker';
import { companyCenter } from '../../map/company-center';
import { MapView } from '../../map/MapView';
import { ZonesLayer } from '../../map/ZonesLayer';
import { driversMapZoom } from '../../map/zoom';
import { useCurrentUser } from '../auth';
import { usePolygons } from '../zones';

/**
 * The coverage-zone map: the company's zones around its centre (zoom 13; user 1 the
 * country view, zoom 7), with the way to the zone editor.
 */
export function CoverageMapCard({ height }: { height: number }) {
  const user = useCurrentUser();
  const company = useMemo(() => companyCenter(user.companies[0]), [user.companies]);
  const zones = usePolygons();
  const count = zones.data?.length ?? 0;
  return (
    <Paper withBorder p="sm" radius="md" h="100%">
      <Group justify="space-between" mb="xs" wrap="nowrap">
        <div>
          <Text fw={600} size="sm">
            Zone de acoperire
          </Text>
          <Text size="xs" c="dimmed">
            {zones.data ? `${count} ${count === 1 ? 'zonă' : 'zone'}` : ' '}
          </Text>
        </div>
        {mayOpenPage(user, '/settings/polygons') && (
          <Anchor component={Link} to="/settings/polygons" size="sm">
            Delimitare zone
          </Anchor>
        )}
      </Group>
      <MapView
        center={company}
        zoom={driversMapZoom(user.id)}
        height={height}
        label="Harta zonelor de acoperire"
        testId="coverage-map"
      >
        <CompanyMarker center={company} />
        {zones.data && <ZonesLayer zones={zones.data} />}
      </MapView>
    </Paper>
  );
}

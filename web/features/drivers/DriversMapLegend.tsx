import { Group, Paper, Text } from '@mantine/core';
import { BADGE_TONES } from '../../map/badge-images';
import { COMPANY_MARKER_COLOR } from '../../map/CompanyMarker';
import { DRIVER_CIRCLE_M } from '../../map/zoom';

/** What each colour on the drivers map means, in the markers' own colours. */
const ENTRIES = [
  { color: BADGE_TONES.free, label: 'Liber' },
  { color: BADGE_TONES.offer, label: 'Ofertă în curs' },
  { color: BADGE_TONES.paused, label: 'În pauză' },
  { color: BADGE_TONES.busy, label: 'Ocupat' },
  { color: COMPANY_MARKER_COLOR, label: `Compania · ${DRIVER_CIRCLE_M} m` },
] as const;

/** A one-line legend in a corner of the drivers map; the zones' colour while they are shown. */
export function DriversMapLegend({ zones }: { zones: boolean }) {
  const entries = zones ? [...ENTRIES, { color: BADGE_TONES.zone, label: 'Zone' }] : ENTRIES;
  return (
    <Paper
      shadow="xs"
      px={8}
      py={3}
      radius="sm"
      pos="absolute"
      left={8}
      bottom={8}
      // Wraps in a narrow console column rather than running under the map's edge.
      style={{ zIndex: 1, pointerEvents: 'none', opacity: 0.92, maxWidth: 'calc(100% - 16px)' }}
      data-testid="drivers-map-legend"
      aria-label="Legenda hărții"
    >
      <Group gap={10} wrap="wrap" style={{ rowGap: 2 }}>
        {entries.map((entry) => (
          <Group key={entry.label} gap={4} wrap="nowrap">
            <span
              aria-hidden
              style={{
                width: 10,
                height: 10,
                borderRadius: '50%',
                background: entry.color,
                border: '1px solid #fff',
                boxShadow: '0 0 0 1px rgba(0,0,0,0.15)',
                flex: 'none',
              }}
            />
            <Text size="xs" style={{ whiteSpace: 'nowrap' }}>
              {entry.label}
            </Text>
          </Group>
        ))}
      </Group>
    </Paper>
  );
}

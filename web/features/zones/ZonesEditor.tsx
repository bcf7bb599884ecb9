import type { Polygon, Stand } from '@common/zones/zones.schema';
import {
  Alert,
  Box,
  Button,
  Group,
  Loader,
  Paper,
  ScrollArea,
  Tabs,
  Text,
  Title,
} from '@mantine/core';
import { useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { EditorSection } from '../../components/editor/EditorSection';
import { useUnsavedChangesWarning } from '../../lib/use-unsaved-changes-warning';
import { CompanyMarker } from '../../map/CompanyMarker';
import { companyCenter } from '../../map/company-center';
import { type Bounds, boundsOf, type LatLng } from '../../map/geometry';
import { MapView } from '../../map/MapView';
import { driversMapZoom, ROUTE_MAX_ZOOM } from '../../map/zoom';
import { useCurrentUser } from '../auth';
import { MapHint } from './MapHint';
import { DraftStandLayer } from './map/DraftStandLayer';
import { DrawLayer } from './map/DrawLayer';
import { ZoneShapesLayer } from './map/ZoneShapesLayer';
import { StandForm } from './StandForm';
import { StandList } from './StandList';
import { useEscape } from './use-escape';
import { drawTaskOf, useZoneEditor, visibleErrors } from './use-zone-editor';
import { usePolygons, useStands } from './use-zones';
import { ZoneForm } from './ZoneForm';
import { ZoneList } from './ZoneList';
import { standArea } from './zone-geometry';

type Tab = 'zones' | 'stands';

/** The server lets admins and dispatchers write zones; others only look. */
const WRITER_ROLES = ['admin', 'dispatcher'] as const;

const NO_ZONES: Polygon[] = [];
const NO_STANDS: Stand[] = [];

/** The box of every corner and point of the given zones and stands (null when there are none). */
function boundsOfShapes(zones: readonly Polygon[], stands: readonly Stand[]): Bounds | null {
  const points: LatLng[] = [];
  for (const zone of zones) for (const p of zone.paths) points.push({ lat: p.lat, lng: p.long });
  for (const stand of stands) {
    const area = standArea(stand);
    for (const [lng = 0, lat = 0] of area?.coordinates[0] ?? [[stand.long, stand.lat]])
      points.push({ lat, lng });
  }
  return boundsOf(points);
}

/**
 * `/settings/polygons` ('Delimitare zone'): the company's zones and taxi stands in a
 * dense list beside the map; one of them at a time is edited on the map with terra-draw and in
 * the form under the list. Esc cancels, Enter in the form saves, leaving with unsaved changes
 * asks first.
 */
export function ZonesEditor() {
  const user = useCurrentUser();
  const canWrite = user.roles.some((role) => (WRITER_ROLES as readonly string[]).includes(role));
  const polygons = usePolygons();
  const standsQuery = useStands();
  const zones = polygons.data ?? NO_ZONES;
  const stands = standsQuery.data ?? NO_STANDS;
  const editor = useZoneEditor();
  const { editing } = editor;
  const [searchParams, setSearchParams] = useSearchParams();
  const tab: Tab = searchParams.get('tab') === 'stands' ? 'stands' : 'zones';
  const setTab = (next: Tab) =>
    setSearchParams(next === 'stands' ? { tab: 'stands' } : {}, { replace: true });

  useUnsavedChangesWarning(editor.dirty);
  useEscape(editing ? editor.cancel : null);

  const company = useMemo(() => companyCenter(user.companies[0]), [user.companies]);
  const [focus, setFocus] = useState<Bounds | null>(null);
  const loaded = polygons.isSuccess && standsQuery.isSuccess;
  // Once, when both lists first arrive: everything the company has in view.
  const [fitted, setFitted] = useState(false);
  useEffect(() => {
    if (!loaded || fitted) return;
    setFitted(true);
    setFocus(boundsOfShapes(zones, stands));
  }, [loaded, fitted, zones, stands]);

  const selectZone = (zone: Polygon) => {
    setFocus(boundsOfShapes([zone], []));
    if (canWrite) editor.editZone(zone);
  };
  const selectStand = (stand: Stand) => {
    setFocus(boundsOfShapes([], [stand]));
    if (canWrite) editor.editStand(stand);
  };
  const pick = (picked: { kind: 'zone' | 'stand'; id: number }) => {
    if (picked.kind === 'zone') {
      const zone = zones.find((z) => z.id === picked.id);
      if (zone && editor.editZone(zone)) setTab('zones');
      return;
    }
    const stand = stands.find((s) => s.id === picked.id);
    if (stand && editor.editStand(stand)) setTab('stands');
  };

  const editedZoneId = editing?.kind === 'zone' ? editing.id : null;
  const editedStandId = editing?.kind === 'stand' ? editing.id : null;
  const errors = editing ? visibleErrors(editing) : {};
  const task = drawTaskOf(editing);
  const draftCircle =
    editing?.kind === 'stand' && editing.draft.shape === 'radius' && editing.draft.point
      ? {
          ...editing.draft.point,
          radius: Number(editing.draft.radius) || 0,
        }
      : null;

  const loadError = polygons.error ?? standsQuery.error;

  return (
    <Group
      gap="sm"
      align="stretch"
      wrap="nowrap"
      style={{ flex: 1, minHeight: 0 }}
      data-testid="zones-page"
    >
      <Paper
        withBorder
        radius="sm"
        w={400}
        style={{ display: 'flex', flexDirection: 'column', minHeight: 0, flexShrink: 0 }}
      >
        <Group justify="space-between" px="sm" pt="xs" pb={4} wrap="nowrap">
          <Title order={1} size="h4">
            Delimitare zone
          </Title>
          {canWrite &&
            (tab === 'zones' ? (
              <Button size="compact-sm" onClick={editor.newZone} data-testid="zone-new">
                Zonă nouă
              </Button>
            ) : (
              <Button size="compact-sm" onClick={editor.newStand} data-testid="stand-new">
                Stație nouă
              </Button>
            ))}
        </Group>
        <Tabs
          value={tab}
          onChange={(value) => setTab(value === 'stands' ? 'stands' : 'zones')}
          style={{ display: 'flex', flexDirection: 'column', flex: 1, minHeight: 0 }}
        >
          <Tabs.List px="xs">
            <Tabs.Tab value="zones" data-testid="tab-zones">
              Zone ({zones.length})
            </Tabs.Tab>
            <Tabs.Tab value="stands" data-testid="tab-stands">
              Stații ({stands.length})
            </Tabs.Tab>
          </Tabs.List>
          <ScrollArea style={{ flex: 1, minHeight: 0 }} type="auto" offsetScrollbars>
            {loadError ? (
              <Alert color="red" variant="light" m="xs" role="alert">
                {loadError.message}
                <Button
                  size="compact-xs"
                  variant="subtle"
                  ml="xs"
                  onClick={() => {
                    void polygons.refetch();
                    void standsQuery.refetch();
                  }}
                >
                  Reîncearcă
                </Button>
              </Alert>
            ) : !loaded ? (
              <Loader size="sm" m="sm" />
            ) : tab === 'zones' ? (
              <ZoneList zones={zones} selectedId={editedZoneId} onSelect={selectZone} />
            ) : (
              <StandList stands={stands} selectedId={editedStandId} onSelect={selectStand} />
            )}
          </ScrollArea>
        </Tabs>
        {!canWrite && (
          <Text size="xs" c="dimmed" p="sm">
            Doar administratorii și dispecerii pot modifica zonele și stațiile.
          </Text>
        )}
        {editing && (
          <EditorSection
            testId="zone-editor"
            title={
              editing.kind === 'zone'
                ? editing.id === null
                  ? 'Zonă nouă'
                  : 'Editare zonă'
                : editing.id === null
                  ? 'Stație nouă'
                  : 'Editare stație'
            }
          >
            {editing.kind === 'zone' ? (
              <ZoneForm
                editor={editor}
                draft={editing.draft}
                isNew={editing.id === null}
                errors={errors}
              />
            ) : (
              <StandForm
                editor={editor}
                draft={editing.draft}
                stand={stands.find((s) => s.id === editing.id) ?? null}
                errors={errors}
              />
            )}
          </EditorSection>
        )}
      </Paper>
      <Box style={{ flex: 1, minWidth: 0, minHeight: 0 }}>
        <MapView
          center={company}
          zoom={driversMapZoom(user.id)}
          bounds={focus}
          maxZoom={ROUTE_MAX_ZOOM}
          height="100%"
          label="Harta zonelor și stațiilor"
          testId="zones-map"
          overlay={<MapHint editing={editing} drawing={editor.drawing} />}
        >
          <ZoneShapesLayer
            zones={zones}
            stands={stands}
            editedZoneId={editedZoneId}
            editedStandId={editedStandId}
            onPick={canWrite && !editing ? pick : null}
          />
          {/* A landmark on a map that may have no basemap (offline): the company. */}
          <CompanyMarker center={company} />
          <DraftStandLayer circle={draftCircle} />
          {canWrite && <DrawLayer task={task} onChange={editor.setGeometry} />}
        </MapView>
      </Box>
    </Group>
  );
}

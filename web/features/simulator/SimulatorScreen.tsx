import type { User } from '@common/users/users.schema';
import { Box, Group, Paper, ScrollArea, Stack, Text, Title } from '@mantine/core';
import { useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { CompanyMarker } from '../../map/CompanyMarker';
import { companyCenter } from '../../map/company-center';
import { DraggableDriverMarker } from '../../map/DraggableDriverMarker';
import { MapView } from '../../map/MapView';
import { driversMapZoom } from '../../map/zoom';
import { useCurrentUser } from '../auth';
import { DriverSelect, driverLabel } from '../drivers';
import { SimulatedDriverCard } from './SimulatedDriverCard';
import { SimulatorMessages } from './SimulatorMessages';
import { createSimulatorStore, type SimulatorStore } from './simulator-store';
import { httpSimulatorTransport } from './simulator-transport';
import { startPosition } from './start-position';
import { useDriverZones } from './use-driver-zones';

/**
 * /simulator: the dispatcher picks drivers of his company and acts as each
 * of them through the driver contract: a card per driver with the online toggle, his zone and
 * his offers, and a map on which he is dragged. Leaving or closing the page takes them offline.
 */
export function SimulatorScreen({ store: given }: { store?: SimulatorStore }) {
  const user = useCurrentUser();
  const company = useMemo(() => companyCenter(user.companies[0]), [user.companies]);
  const [store] = useState(() => given ?? createSimulatorStore(httpSimulatorTransport));
  const drivers = useSyncExternalStore(store.subscribe, store.getSnapshot);
  const zoneOf = useDriverZones();
  // A fresh picker after each pick: the box is empty again for the next driver.
  const [picks, setPicks] = useState(0);

  useEffect(() => {
    // Closing the tab: the requests must outlive the page (fetch keepalive).
    const closing = () => void store.closeAll(true);
    window.addEventListener('pagehide', closing);
    return () => {
      window.removeEventListener('pagehide', closing);
      void store.closeAll();
    };
  }, [store]);

  const pick = (driver: User | null) => {
    if (!driver) return;
    store.add(driver, startPosition(driver, company, picks));
    setPicks((n) => n + 1);
  };

  return (
    <Group
      gap="sm"
      align="stretch"
      wrap="nowrap"
      style={{ flex: 1, minHeight: 0 }}
      data-testid="simulator-page"
    >
      <Paper
        withBorder
        radius="sm"
        w={380}
        style={{ display: 'flex', flexDirection: 'column', minHeight: 0, flexShrink: 0 }}
      >
        <Box px="sm" pt="xs" pb={6}>
          <Title order={1} size="h4">
            Simulator șoferi
          </Title>
          <DriverSelect
            key={picks}
            value={null}
            label="Adaugă un șofer"
            onChange={(_id, driver) => pick(driver)}
            testId="simulator-driver-select"
          />
        </Box>
        <ScrollArea style={{ flex: 1, minHeight: 0 }} type="auto" offsetScrollbars>
          <Stack gap={6} px="sm" pb="sm">
            {drivers.length === 0 && (
              <Text size="sm" c="dimmed" data-testid="simulator-empty">
                Alegeți un șofer: apare aici și pe hartă, unde îl puteți muta trăgându-l.
              </Text>
            )}
            {drivers.map((view) => (
              <SimulatedDriverCard
                key={view.driver.id}
                view={view}
                zone={zoneOf(view.driver.id)}
                onOnline={(online) => void store.setOnline(view.driver.id, online)}
                onPause={(paused) =>
                  void store.setStatus(view.driver.id, paused ? 'paused' : 'online')
                }
                onRemove={() => void store.remove(view.driver.id)}
                onAccept={(orderId, minutes) => void store.accept(view.driver.id, orderId, minutes)}
                onRefuse={(orderId) => void store.refuse(view.driver.id, orderId)}
                onTrip={(orderId, step) => void store.trip(view.driver.id, orderId, step)}
                onCancelTrip={(orderId, reason) =>
                  void store.cancelTrip(view.driver.id, orderId, reason)
                }
                messages={
                  <SimulatorMessages
                    driverId={view.driver.id}
                    seq={view.messagesSeq}
                    store={store}
                  />
                }
              />
            ))}
          </Stack>
        </ScrollArea>
      </Paper>
      <Box style={{ flex: 1, minWidth: 0, minHeight: 0 }}>
        <MapView
          center={company}
          zoom={driversMapZoom(user.id)}
          height="100%"
          label="Harta simulatorului"
          testId="simulator-map"
        >
          <CompanyMarker center={company} />
          {drivers.map((view) => (
            <DraggableDriverMarker
              key={view.driver.id}
              driverId={view.driver.id}
              label={view.driver.default_car?.indicativ ?? driverLabel(view.driver)}
              position={view.position}
              tone={view.status ?? 'offline'}
              onMove={(position) => store.move(view.driver.id, position)}
            />
          ))}
        </MapView>
      </Box>
    </Group>
  );
}

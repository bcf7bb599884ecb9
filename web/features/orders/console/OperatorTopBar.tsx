import { can } from '@common/auth/page-access';
import { Button, Divider, Group, Kbd, Tooltip } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { Icon } from '../../../components/Icon';
import { orderFormPath } from '../../../lib/orders/flavour';
import type { Flavour } from '../../../lib/orders/labels';
import { useShortcuts } from '../../../lib/shortcuts';
import { useCurrentUser } from '../../auth';
import { BlockedPhonesModal } from '../../blocked-phones';
import { PriorityWindowButton } from '../../search-config';
import { ZoneStatisticsButton } from '../../zones';
import { FRESH_FORM_STATE } from '../form/fresh-form';
import { CallSignSearchModal } from '../search/CallSignSearchModal';
import { OrdersSearchModal } from '../search/OrdersSearchModal';
import { LiveStatistics } from './LiveStatistics';
import { ScreenSwitchLink } from './ScreenSwitchLink';

/** The bar's first buttons keep their labels whole; the figures beside them give way first. */
const NO_SHRINK = { flexShrink: 0 } as const;

interface OperatorTopBarProps {
  userId: number;
  flavour: Flavour;
  onOpen: (id: number) => void;
  /** 'Comandă nouă' opens the full form; the v2 screen opens its quick form instead. */
  onNewOrder?: () => void;
  /**
   * Seam for buttons of later issues (the driver-priority window): rendered
   * after the Map button.
   */
  extra?: ReactNode;
}

/**
 * operator top bar: 'Comandă nouă', the Map button (the drivers map, /operator/map;
 * taxi only: the delivery dashboard has no map child), live statistics, 'Statistici zone' (both
 * dashboards), blocked numbers, the orders search and the call-sign search (F6).
 */
export function OperatorTopBar({
  userId,
  flavour,
  onOpen,
  onNewOrder,
  extra,
}: OperatorTopBarProps) {
  const user = useCurrentUser();
  // A protocol client's console is reduced to his orders: no fleet (map, zones, driver figures),
  // no driver priorities, no blocked numbers.
  const fleet = can(user, 'watchesFleet');
  const priorities = can(user, 'buildsSearch');
  const blocksPhones = can(user, 'operates');
  const [modal, setModal] = useState<null | 'blocked' | 'search' | 'callsign'>(null);
  useShortcuts({ callSignSearch: () => setModal('callsign') });
  const close = () => setModal(null);
  // Opening an order from a search closes the search first: the side panel takes its place.
  const openFromSearch = (id: number) => {
    close();
    onOpen(id);
  };

  return (
    <Group justify="space-between" wrap="nowrap" gap="sm" data-testid="operator-topbar">
      {/* Only the figures on the left ever give way; the buttons on the right never clip. */}
      <Group gap="xs" wrap="nowrap" style={{ minWidth: 0, overflow: 'hidden' }}>
        {onNewOrder ? (
          <Button onClick={onNewOrder} style={NO_SHRINK} data-testid="new-order">
            Comandă nouă
          </Button>
        ) : (
          <Button
            component={Link}
            to={orderFormPath(flavour, 0)}
            // A new call: an empty form even when order/0 is already open (fresh-form.ts).
            state={FRESH_FORM_STATE}
            style={NO_SHRINK}
            data-testid="new-order"
          >
            Comandă nouă
          </Button>
        )}
        {flavour === 'taxi' && fleet && (
          <Button
            component={Link}
            to="/operator/map"
            variant="default"
            leftSection={<Icon name="map" size={16} />}
            style={NO_SHRINK}
            data-testid="open-drivers-map"
          >
            Hartă
          </Button>
        )}
        {extra}
        <Divider orientation="vertical" />
        <LiveStatistics flavour={flavour} drivers={fleet} />
      </Group>
      <Group gap="xs" wrap="nowrap" style={NO_SHRINK}>
        {flavour === 'taxi' && <ScreenSwitchLink />}
        {fleet && <ZoneStatisticsButton flavour={flavour} />}
        {/* Top bar: the driver-priority window. */}
        {priorities && <PriorityWindowButton />}
        {blocksPhones && (
          <Button
            variant="default"
            size="xs"
            onClick={() => setModal('blocked')}
            data-testid="open-blocked-phones"
          >
            Numere blocate
          </Button>
        )}
        <Button
          variant="default"
          size="xs"
          onClick={() => setModal('search')}
          data-testid="open-orders-search"
        >
          Căutare comenzi
        </Button>
        <Tooltip label="Căutare comandă după indicativ">
          <Button
            variant="default"
            size="xs"
            onClick={() => setModal('callsign')}
            rightSection={<Kbd size="xs">F6</Kbd>}
            data-testid="open-callsign-search"
          >
            Indicativ
          </Button>
        </Tooltip>
      </Group>
      {blocksPhones && <BlockedPhonesModal opened={modal === 'blocked'} onClose={close} />}
      {modal === 'search' && (
        <OrdersSearchModal
          opened
          onClose={close}
          userId={userId}
          flavour={flavour}
          onOpen={openFromSearch}
        />
      )}
      {modal === 'callsign' && (
        <CallSignSearchModal
          opened
          onClose={close}
          userId={userId}
          flavour={flavour}
          onOpen={openFromSearch}
        />
      )}
    </Group>
  );
}

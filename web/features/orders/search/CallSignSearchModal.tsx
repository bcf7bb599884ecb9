import { Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { FLAVOUR_LABELS, type Flavour } from '../../../lib/orders/labels';
import { DriverSelect } from '../../drivers';
import { PagedOrders } from '../list/PagedOrders';

interface CallSignSearchModalProps {
  opened: boolean;
  onClose: () => void;
  userId: number;
  flavour: Flavour;
  onOpen: (id: number) => void;
}

/**
 * order search by call sign (F6): a driver selector and that driver's orders
 * (GET /api/orders?driver_id, 30 a page like the driver order list).
 */
export function CallSignSearchModal({
  opened,
  onClose,
  userId,
  flavour,
  onOpen,
}: CallSignSearchModalProps) {
  const [driverId, setDriverId] = useState<number | null>(null);
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title="Căutare comandă după indicativ"
      size="80rem"
      data-testid="callsign-search-modal"
    >
      <Stack gap="sm">
        <DriverSelect
          label={`Indicativ ${FLAVOUR_LABELS[flavour].driver.toLowerCase()}`}
          value={driverId}
          autoFocus
          onChange={(id) => setDriverId(id)}
          testId="callsign-driver"
        />
        {driverId === null ? (
          <Text size="sm" c="dimmed">
            Alegeți un indicativ.
          </Text>
        ) : (
          <PagedOrders
            query={{ driver_id: driverId }}
            perPage={30}
            userId={userId}
            flavour={flavour}
            onOpen={onOpen}
            testId="callsign-results"
          />
        )}
      </Stack>
    </Modal>
  );
}

import type { SavedAddress } from '@common/clients/clients.schema';
import { Divider, Modal, Stack, Title } from '@mantine/core';
import { ClientOrdersTable } from './ClientOrdersTable';
import { SavedAddressList } from './SavedAddressList';

interface ClientHistoryModalProps {
  clientId: number | null;
  onClose: () => void;
  onUseAddress?: (address: SavedAddress) => void;
}

/** Client history modal: the client's orders (15 rows a page) and saved addresses. */
export function ClientHistoryModal({ clientId, onClose, onUseAddress }: ClientHistoryModalProps) {
  return (
    <Modal
      opened={clientId !== null}
      onClose={onClose}
      title="Istoric client"
      size="xl"
      data-testid="client-history-modal"
    >
      {clientId !== null && (
        <Stack gap="sm">
          <Title order={6}>Adrese salvate</Title>
          <SavedAddressList
            clientId={clientId}
            onUse={
              onUseAddress
                ? (address) => {
                    onUseAddress(address);
                    onClose();
                  }
                : undefined
            }
          />
          <Divider />
          <Title order={6}>Comenzi</Title>
          <ClientOrdersTable clientId={clientId} />
        </Stack>
      )}
    </Modal>
  );
}

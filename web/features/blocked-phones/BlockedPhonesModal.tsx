import {
  ActionIcon,
  Button,
  Group,
  Loader,
  Modal,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { useState } from 'react';
import { confirmAction } from '../../components/confirm';
import { isApiError } from '../../lib/api-client';
import { formatDateTime } from '../../lib/dates';
import { useBlockedPhones, useBlockPhone, useUnblockPhone } from './use-blocked-phones';

/**
 * Blocked-numbers modal: the list, a phone with a reason to add ('Blocat!'), and
 * delete after 'Remove?' ('Șters!'). An order from a listed phone is refused by the server.
 */
export function BlockedPhonesModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { data, isPending } = useBlockedPhones(opened);
  const block = useBlockPhone();
  const unblock = useUnblockPhone();
  const [phone, setPhone] = useState('');
  const [reason, setReason] = useState('');
  const [filter, setFilter] = useState('');
  const fieldErrors = isApiError(block.error) ? block.error.fieldErrors : {};

  const add = () => {
    block.mutate(
      { phone: phone.trim(), reason: reason.trim() || null },
      {
        onSuccess: () => {
          setPhone('');
          setReason('');
        },
      },
    );
  };

  const term = filter.trim().toLowerCase();
  const rows = (data ?? []).filter(
    (item) =>
      !term || item.phone.includes(term) || (item.reason ?? '').toLowerCase().includes(term),
  );

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title="Numere blocate"
      size="lg"
      data-testid="blocked-phones-modal"
    >
      <Stack gap="sm">
        <form
          onSubmit={(event) => {
            event.preventDefault();
            add();
          }}
        >
          <Group align="flex-end" gap="xs" wrap="nowrap">
            <TextInput
              label="Telefon"
              required
              value={phone}
              error={fieldErrors.phone?.join(' ')}
              onChange={(event) => setPhone(event.currentTarget.value)}
              style={{ flex: 1 }}
              data-testid="blocked-phone-input"
            />
            <TextInput
              label="Motiv"
              value={reason}
              error={fieldErrors.reason?.join(' ')}
              onChange={(event) => setReason(event.currentTarget.value)}
              style={{ flex: 2 }}
              data-testid="blocked-reason-input"
            />
            <Button
              type="submit"
              loading={block.isPending}
              disabled={!phone.trim()}
              data-testid="blocked-add"
            >
              Blochează
            </Button>
          </Group>
        </form>
        <TextInput
          size="xs"
          type="search"
          placeholder="Filtrează"
          aria-label="Filtrează numerele blocate"
          value={filter}
          onChange={(event) => setFilter(event.currentTarget.value)}
        />
        {isPending ? (
          <Loader size="sm" mx="auto" />
        ) : rows.length === 0 ? (
          <Text size="sm" c="dimmed" ta="center" py="md">
            Nimic de afișat.
          </Text>
        ) : (
          <Table data-testid="blocked-phones-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Telefon</Table.Th>
                <Table.Th>Motiv</Table.Th>
                <Table.Th>Data</Table.Th>
                <Table.Th w={40} />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((item) => (
                <Table.Tr key={item.id} data-testid={`blocked-row-${item.id}`}>
                  <Table.Td>{item.phone}</Table.Td>
                  <Table.Td>{item.reason ?? '—'}</Table.Td>
                  <Table.Td>{formatDateTime(item.created_at)}</Table.Td>
                  <Table.Td>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={`Șterge ${item.phone}`}
                      data-testid={`blocked-delete-${item.id}`}
                      onClick={() => confirmAction('Remove?', () => unblock.mutate(item.id))}
                    >
                      ✕
                    </ActionIcon>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
    </Modal>
  );
}

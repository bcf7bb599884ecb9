import type { SavedAddress } from '@common/clients/clients.schema';
import { ActionIcon, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { confirmAction } from '../../components/confirm';
import { useAddressHistory, useDeleteSavedAddress } from './use-address-history';

interface SavedAddressListProps {
  clientId: number;
  /** When given, each address can be put into the form. */
  onUse?: (address: SavedAddress) => void;
}

const details = (a: SavedAddress) =>
  [
    a.bloc && `bl. ${a.bloc}`,
    a.scara && `sc. ${a.scara}`,
    a.reper && `reper: ${a.reper}`,
    a.comment,
  ]
    .filter(Boolean)
    .join(' · ');

/** A client's saved addresses; deleting one asks 'Confirmă ștergerea acestei adrese'. */
export function SavedAddressList({ clientId, onUse }: SavedAddressListProps) {
  const { data, isPending } = useAddressHistory(clientId);
  const remove = useDeleteSavedAddress(clientId);
  if (isPending) return <Loader size="sm" mx="auto" aria-label="Se încarcă" />;
  if (!data || data.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        Nicio adresă salvată.
      </Text>
    );
  }
  return (
    <Stack gap={4} data-testid="saved-addresses">
      {data.map((address) => (
        <Group
          key={address.id}
          justify="space-between"
          wrap="nowrap"
          data-testid={`saved-address-${address.id}`}
        >
          <Stack gap={0} style={{ minWidth: 0 }}>
            <Text size="sm" truncate>
              {address.name}
            </Text>
            {details(address) && (
              <Text size="xs" c="dimmed" truncate>
                {details(address)}
              </Text>
            )}
          </Stack>
          <Group gap={4} wrap="nowrap">
            {onUse && (
              <Button size="compact-xs" variant="light" onClick={() => onUse(address)}>
                Folosește
              </Button>
            )}
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={`Șterge adresa ${address.name}`}
              data-testid={`saved-address-delete-${address.id}`}
              onClick={() =>
                confirmAction('Confirmă ștergerea acestei adrese', () => remove.mutate(address.id))
              }
            >
              ✕
            </ActionIcon>
          </Group>
        </Group>
      ))}
    </Stack>
  );
}

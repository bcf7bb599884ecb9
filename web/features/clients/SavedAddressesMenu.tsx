import type { SavedAddress } from '@common/clients/clients.schema';
import { Button, Menu } from '@mantine/core';
import { useAddressesByPhone } from './use-address-history';

/**
 * A caller's saved addresses, found by phone (user-addresses service), offered for place A of
 * a new order. Shows nothing when the phone has none.
 */
export function SavedAddressesMenu({
  phone,
  onUse,
}: {
  phone: string | null;
  onUse: (address: SavedAddress) => void;
}) {
  const { data } = useAddressesByPhone(phone);
  if (!data || data.length === 0) return null;
  return (
    <Menu position="bottom-start" withinPortal>
      <Menu.Target>
        <Button size="compact-xs" variant="light" data-testid="saved-addresses-menu">
          Adrese salvate ({data.length})
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {data.map((address) => (
          <Menu.Item
            key={address.id}
            onClick={() => onUse(address)}
            data-testid={`saved-address-use-${address.id}`}
          >
            {address.name}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}

import { Text, Tooltip } from '@mantine/core';
import { truncateAddress } from './order-list';

/** SPEC §2/§9 Address column: long addresses cut to 55 characters; empty asks for one (§5). */
export function AddressCell({ address, orderId }: { address: string; orderId: number }) {
  if (!address) {
    return (
      <Text size="sm" c="red.7" data-testid={`order-address-${orderId}`}>
        Please enter address
      </Text>
    );
  }
  const shown = truncateAddress(address);
  const text = (
    <Text size="sm" data-testid={`order-address-${orderId}`}>
      {shown}
    </Text>
  );
  return shown === address ? (
    text
  ) : (
    <Tooltip label={address} openDelay={400} multiline maw={360}>
      {text}
    </Tooltip>
  );
}

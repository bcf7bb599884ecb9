import { Text, Tooltip } from '@mantine/core';
import { truncateAddress } from './order-list';

interface AddressCellProps {
  address: string;
  orderId: number;
  /** An empty address asks for one (SPEC §5) instead of saying there is none (SPEC §2). */
  prompt: boolean;
}

/**
 * SPEC §2/§9 Address column: long addresses cut to 55 characters. Empty: 'Please enter address'
 * where the address is still to be taken (§5), else 'Adresă nespecificată.' (§2 empty states).
 */
export function AddressCell({ address, orderId, prompt }: AddressCellProps) {
  if (!address) {
    return prompt ? (
      <Text size="sm" c="red.7" data-testid={`order-address-${orderId}`}>
        Please enter address
      </Text>
    ) : (
      <Text size="sm" c="dimmed" data-testid={`order-address-${orderId}`}>
        Adresă nespecificată.
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

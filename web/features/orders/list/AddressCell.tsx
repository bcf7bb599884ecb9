import { Text } from '@mantine/core';
import { useState } from 'react';
import { truncateAddress } from './order-list';

interface AddressCellProps {
  address: string;
  orderId: number;
  /** An empty address asks for one instead of saying there is none. */
  prompt: boolean;
}

/**
 * Address column, on one line: an address of 70 characters or more is cut to 55
 *, and whatever the column still cannot hold ends in an ellipsis. Either way the full
 * address shows on hover (the browser's title: a list of 50 rows polled every 3 s carries no
 * tooltip component per row). Empty: 'Please enter address' where the address is still to be
 * taken, else 'Adresă nespecificată.' (the empty states).
 */
export function AddressCell({ address, orderId, prompt }: AddressCellProps) {
  const shown = truncateAddress(address);
  // Whether the column cuts the text is known only once laid out: measured when the pointer comes.
  const [cut, setCut] = useState(shown !== address);
  if (!address) {
    return prompt ? (
      <Text size="sm" c="red.7" truncate data-testid={`order-address-${orderId}`}>
        Please enter address
      </Text>
    ) : (
      <Text size="sm" c="dimmed" truncate data-testid={`order-address-${orderId}`}>
        Adresă nespecificată.
      </Text>
    );
  }
  return (
    <Text
      size="sm"
      truncate
      title={cut ? address : undefined}
      data-testid={`order-address-${orderId}`}
      onMouseEnter={(event) => {
        const text = event.currentTarget;
        setCut(shown !== address || text.scrollWidth > text.clientWidth);
      }}
    >
      {shown}
    </Text>
  );
}

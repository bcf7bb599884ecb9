import { Badge, Group, Stack, Text, Tooltip } from '@mantine/core';
import { ordersCount } from '../../../lib/plural';
import { useCaller } from './use-caller';

interface CallerSummaryProps {
  /** The caller's number (normalised when it is a phone number). */
  phone: string;
  /** The name the PBX sent (SIP display name), shown until the lookup answers. */
  displayName: string | null;
  testId: string;
}

/**
 * The caller as the company knows them (the issue): the number as orders store it, the client's
 * name or 'Client nou', a red 'Blocat' badge with its reason, and under them the number of past
 * orders and the last address.
 */
export function CallerSummary({ phone, displayName, testId }: CallerSummaryProps) {
  const caller = useCaller(phone);
  const info = caller.data;
  const name = info ? (info.name ?? 'Client nou') : (displayName ?? (caller.isPending ? '…' : ''));
  let details = [caller.isError ? 'Clientul nu a putut fi căutat.' : 'Se caută clientul…'];
  if (info && info.orders_count === 0 && !info.last_address) details = ['Nicio comandă anterioară'];
  else if (info) {
    details = [ordersCount(info.orders_count), info.last_address ?? 'Fără adresă salvată'];
  }

  return (
    <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
      <Group gap={8} wrap="nowrap" style={{ minWidth: 0 }}>
        <Text
          size="sm"
          fw={700}
          ff="monospace"
          style={{ flex: 'none', fontVariantNumeric: 'tabular-nums' }}
          data-testid={`${testId}-phone`}
        >
          {phone}
        </Text>
        <Text size="sm" fw={600} truncate data-testid={`${testId}-name`} title={name}>
          {name}
        </Text>
        {info?.blocked && (
          <Tooltip label={info.blocked_reason ?? 'Număr blocat'} openDelay={200}>
            <Badge
              color="red"
              variant="filled"
              size="xs"
              style={{ flex: 'none' }}
              data-testid={`${testId}-blocked`}
              aria-label={`Blocat${info.blocked_reason ? `: ${info.blocked_reason}` : ''}`}
            >
              Blocat
            </Badge>
          </Tooltip>
        )}
      </Group>
      <Text
        size="xs"
        c="dimmed"
        truncate
        data-testid={`${testId}-details`}
        title={details.join(' · ')}
      >
        {details.join(' · ')}
      </Text>
    </Stack>
  );
}

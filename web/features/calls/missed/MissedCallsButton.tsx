import type { MissedCall } from '@common/calls/calls.schema';
import {
  ActionIcon,
  Button,
  Group,
  Indicator,
  Popover,
  ScrollArea,
  Stack,
  Text,
  Tooltip,
} from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Icon } from '../../../components/Icon';
import { formatDateTime } from '../../../lib/dates';
import { useSoftphoneInstance } from '../engine/softphone-context';
import { useSoftphone } from '../engine/use-softphone';
import { missedCallKeys } from '../query-keys';
import { missedReason } from './missed-reason';
import { useMissedCalls } from './use-missed-calls';

/**
 * 'Apeluri pierdute' (docs/CALLS.md Missed calls): the company's unanswered calls with the
 * unhandled count on the button, each with a one-click callback from the softphone.
 */
export function MissedCallsButton() {
  const phone = useSoftphoneInstance();
  const { status } = useSoftphone();
  const queryClient = useQueryClient();
  const [opened, setOpened] = useState(false);
  // Once the softphone has settings (not while they load, nor when calls are unavailable).
  const running = status === 'connecting' || status === 'registered' || status === 'failed';
  const missed = useMissedCalls(running);
  if (!running) return null;
  const calls = missed.data ?? [];

  const callBack = (call: MissedCall) => {
    if (!phone.callBack(call)) return;
    setOpened(false);
    // The call is handled now: it leaves the list (the server's event confirms it).
    queryClient.setQueryData<MissedCall[]>(missedCallKeys.all, (list) =>
      list?.filter((item) => item.id !== call.id),
    );
  };

  return (
    <Popover
      position="bottom-end"
      width={380}
      shadow="md"
      withArrow
      opened={opened}
      onChange={setOpened}
    >
      <Popover.Target>
        <Tooltip label="Apeluri pierdute" openDelay={400}>
          <Indicator
            label={calls.length}
            size={16}
            color="red"
            disabled={calls.length === 0}
            offset={4}
            data-testid="missed-calls-count"
            data-count={calls.length}
          >
            <ActionIcon
              variant="subtle"
              color="gray"
              size="lg"
              aria-label={`Apeluri pierdute (${calls.length})`}
              data-testid="missed-calls"
              onClick={() => setOpened((open) => !open)}
            >
              <Icon name="phoneMissed" />
            </ActionIcon>
          </Indicator>
        </Tooltip>
      </Popover.Target>
      <Popover.Dropdown data-testid="missed-calls-list">
        <Text fw={600} size="sm" mb={6}>
          Apeluri pierdute
        </Text>
        {calls.length === 0 ? (
          <Text size="xs" c="dimmed">
            {missed.isPending ? 'Se încarcă…' : 'Niciun apel pierdut nepreluat.'}
          </Text>
        ) : (
          <ScrollArea.Autosize mah={360} type="auto" offsetScrollbars scrollbarSize={6}>
            <Stack gap={4}>
              {calls.map((call) => (
                <Group
                  key={call.id}
                  gap="xs"
                  wrap="nowrap"
                  justify="space-between"
                  data-testid="missed-call"
                  data-phone={call.phone}
                >
                  <Stack gap={0} style={{ minWidth: 0 }}>
                    <Group gap={8} wrap="nowrap">
                      <Text size="sm" fw={600} ff="monospace">
                        {call.phone}
                      </Text>
                      <Text size="sm" truncate>
                        {call.client_name ?? 'Client nou'}
                      </Text>
                    </Group>
                    <Text size="xs" c="dimmed">
                      {formatDateTime(call.created_at)} · {missedReason(call.code)}
                    </Text>
                  </Stack>
                  <Button
                    size="compact-xs"
                    variant="light"
                    style={{ flex: 'none' }}
                    disabled={status !== 'registered'}
                    onClick={() => callBack(call)}
                    data-testid="missed-call-back"
                  >
                    Sună înapoi
                  </Button>
                </Group>
              ))}
            </Stack>
          </ScrollArea.Autosize>
        )}
      </Popover.Dropdown>
    </Popover>
  );
}

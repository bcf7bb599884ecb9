import { Group, Popover, ScrollArea, Stack, Text, UnstyledButton } from '@mantine/core';
import dayjs from 'dayjs';
import { useSoftphone } from '../engine/use-softphone';
import { STATUS_LOOK } from '../labels';

/**
 * Shell "dispatcher events component": the softphone's registration as a dot and a
 * word in the header ('Telefon conectat', 'Se conectează…', 'SIP is disabled'), and on click
 * the last events that left no trace on screen: a call taken by another operator, a client who
 * hung up, a missed call, a call refused with every line in use.
 */
export function DispatcherEvents() {
  const { status, message, events } = useSoftphone();
  if (status === 'off') return null;
  const look = STATUS_LOOK[status];
  const detail = status === 'unavailable' || status === 'failed' ? message : null;

  return (
    <Popover position="bottom-end" width={380} shadow="md" withArrow>
      <Popover.Target>
        <UnstyledButton
          aria-label={`Telefon: ${look.label}`}
          data-testid="sip-status"
          data-status={status}
          title={look.hint}
        >
          <Group gap={6} wrap="nowrap">
            <span
              aria-hidden="true"
              style={{
                width: 8,
                height: 8,
                borderRadius: '50%',
                flex: 'none',
                background: `var(--mantine-color-${look.color}-6)`,
              }}
            />
            <Text size="xs" c={status === 'failed' ? 'red.7' : 'dimmed'} visibleFrom="md">
              {look.label}
            </Text>
          </Group>
        </UnstyledButton>
      </Popover.Target>
      <Popover.Dropdown data-testid="dispatcher-events">
        <Stack gap={6}>
          <Text size="sm" fw={600}>
            {look.label}
          </Text>
          <Text size="xs" c="dimmed" data-testid="sip-status-detail">
            {detail ?? look.hint}
          </Text>
          <Text size="xs" fw={600} mt={4}>
            Evenimente recente
          </Text>
          {events.length === 0 ? (
            <Text size="xs" c="dimmed">
              Niciun eveniment.
            </Text>
          ) : (
            <ScrollArea.Autosize mah={280} type="auto" offsetScrollbars scrollbarSize={6}>
              <Stack gap={2} component="ol" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
                {events.map((event) => (
                  <Group
                    key={event.id}
                    component="li"
                    gap={8}
                    wrap="nowrap"
                    data-testid="dispatcher-event"
                    data-kind={event.kind}
                  >
                    <Text size="xs" ff="monospace" c="dimmed" style={{ flex: 'none' }}>
                      {dayjs(event.at).format('HH:mm:ss')}
                    </Text>
                    {event.phone && (
                      <Text size="xs" ff="monospace" style={{ flex: 'none' }}>
                        {event.phone}
                      </Text>
                    )}
                    <Text size="xs" truncate title={event.text}>
                      {event.text}
                    </Text>
                  </Group>
                ))}
              </Stack>
            </ScrollArea.Autosize>
          )}
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}

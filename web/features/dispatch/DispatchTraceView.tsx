import { Alert, Badge, Group, Loader, Stack, Text, Timeline } from '@mantine/core';
import { Fragment, useMemo } from 'react';
import { useMapZones } from '../drivers';
import { formatTrace, type TraceStepView } from './trace-format';
import { useDispatchTrace } from './use-order-search';

function StepBody({ block }: { block: TraceStepView }) {
  // The engine lists the first skipped drivers and counts the rest.
  const unlisted = block.skippedCount - block.skipped.length;
  return (
    <Stack gap={2}>
      {block.method && (
        <Text size="xs" c="dimmed" data-testid="trace-method">
          {block.method}
        </Text>
      )}
      {block.time !== null && (
        <Text size="xs" data-testid="trace-offered">
          <Text span fw={600} size="xs">
            Oferită ({block.offered.length}):{' '}
          </Text>
          {block.offered.length === 0
            ? 'nimănui'
            : block.offered
                .map((d) => `${d.label} (${[`#${d.rank}`, d.distance].filter(Boolean).join(', ')})`)
                .join(', ')}
        </Text>
      )}
      {block.skippedCount > 0 && (
        <Text size="xs" data-testid="trace-skipped">
          <Text span fw={600} size="xs">
            Săriți ({block.skippedCount}):{' '}
          </Text>
          {/* By reason, so a long list reads at a glance: 'ocupat: 101, 104 · în pauză: 133'. */}
          {block.skippedByReason.map((group, i) => (
            <Fragment key={group.reason}>
              {i > 0 ? ' · ' : ''}
              <Text span size="xs" c="dimmed">
                {group.reason}:
              </Text>{' '}
              {group.labels.join(', ')}
            </Fragment>
          ))}
          {unlisted > 0 ? ` · și încă ${unlisted}` : ''}
        </Text>
      )}
      {block.events.map((event) => (
        <Group key={event.key} gap={6} wrap="nowrap" data-testid="trace-event">
          <Text size="xs" c="dimmed" ff="monospace">
            {event.time}
          </Text>
          <Text size="xs" c={event.tone === 'gray' ? undefined : `${event.tone}.8`}>
            {event.text}
          </Text>
        </Group>
      ))}
    </Stack>
  );
}

const bulletColor = (block: TraceStepView) => {
  const last = block.events[block.events.length - 1];
  return last ? last.tone : 'blue';
};

/**
 * Explainability: the order's dispatch trace, one timeline item per search step (its
 * method, zone, offered drivers with rank and distance, skipped ones with the reason), then the
 * decisions (viewed, accepted, refused, confirmed, nobody, exhausted). Times HH:mm:ss in
 * Bucharest. Used by the side panel's Timeline tab and the order screen's 'De ce?'.
 */
export function DispatchTraceView({ orderId }: { orderId: number }) {
  const trace = useDispatchTrace(orderId);
  const zones = useMapZones(true);
  const blocks = useMemo(() => {
    if (!trace.data) return [];
    const names = new Map((zones.data ?? []).map((z) => [z.id, z.name]));
    return formatTrace(trace.data, (id) => names.get(id) ?? null);
  }, [trace.data, zones.data]);

  if (trace.isPending) return <Loader size="xs" aria-label="Se încarcă" />;
  if (trace.isError)
    return (
      <Alert color="red" variant="light" p={6}>
        <Text size="xs">{trace.error.message}</Text>
      </Alert>
    );
  if (blocks.length === 0)
    return (
      <Text size="xs" c="dimmed" data-testid="dispatch-trace-empty">
        Nicio căutare de șofer pentru această comandă.
      </Text>
    );
  const generations = new Set(blocks.map((b) => b.generation)).size;
  return (
    <Timeline
      bulletSize={14}
      lineWidth={2}
      active={blocks.length}
      data-testid="dispatch-trace"
      data-steps={blocks.length}
    >
      {blocks.map((block) => (
        <Timeline.Item
          key={block.key}
          color={bulletColor(block)}
          data-testid={`trace-step-${block.key}`}
          title={
            <Group gap={6}>
              <Text size="sm" fw={600}>
                {block.step !== null ? `Pasul ${block.step}` : 'Căutare'}
                {generations > 1 ? ` · căutarea ${block.generation}` : ''}
              </Text>
              {block.time && (
                <Text size="xs" c="dimmed" ff="monospace">
                  {block.time}
                </Text>
              )}
              {block.zone && (
                <Badge size="xs" variant="light" color="gray">
                  {block.zone}
                </Badge>
              )}
              {block.custom && (
                <Badge size="xs" variant="light" color="violet">
                  Șoferi selectați
                </Badge>
              )}
            </Group>
          }
        >
          <StepBody block={block} />
        </Timeline.Item>
      ))}
    </Timeline>
  );
}

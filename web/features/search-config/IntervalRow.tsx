import type { SearchInterval } from '@common/dispatch/search-config.schema';
import { useSortable } from '@dnd-kit/sortable';
import {
  ActionIcon,
  Badge,
  Group,
  Paper,
  Stack,
  Text,
  Tooltip,
  UnstyledButton,
} from '@mantine/core';
import type { CSSProperties } from 'react';
import { confirmAction } from '../../components/confirm';
import { methodText } from '../dispatch';
import { IntervalEditor } from './IntervalEditor';
import { daysLabel, stepsLabel, windowLabel } from './interval-summary';

interface IntervalRowProps {
  interval: SearchInterval;
  index: number;
  expanded: boolean;
  readOnly: boolean;
  onToggle: () => void;
  onDelete: () => void;
}

/**
 * One interval of the builder's list: its handle (drag it, or focus it and use Space and the
 * arrow keys: dnd-kit's keyboard sensor), its place in the order, when it applies, its steps;
 * expanded, its editor.
 */
export function IntervalRow({
  interval,
  index,
  expanded,
  readOnly,
  onToggle,
  onDelete,
}: IntervalRowProps) {
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({
    id: interval.id,
    disabled: readOnly,
  });
  const style: CSSProperties = {
    transform: transform ? `translate3d(0, ${Math.round(transform.y)}px, 0)` : undefined,
    transition,
    position: 'relative',
    zIndex: isDragging ? 2 : undefined,
    boxShadow: isDragging ? 'var(--mantine-shadow-md)' : undefined,
  };
  const steps = interval.search_method.definitions.items.length;

  return (
    <Paper
      ref={setNodeRef}
      style={style}
      withBorder
      radius="sm"
      px="xs"
      py={6}
      data-testid={`interval-row-${interval.id}`}
      data-position={index}
    >
      <Group gap="xs" wrap="nowrap">
        {!readOnly && (
          <Tooltip label="Trage sau apasă Spațiu și săgețile pentru a muta">
            <ActionIcon
              variant="subtle"
              color="gray"
              size="sm"
              style={{ cursor: 'grab', touchAction: 'none' }}
              aria-label={`Mută intervalul ${index + 1}`}
              {...attributes}
              {...listeners}
              data-testid={`interval-handle-${interval.id}`}
            >
              ⠿
            </ActionIcon>
          </Tooltip>
        )}
        <Badge variant="light" color="gray" w={34} px={0}>
          {index + 1}
        </Badge>
        {/* 'Pe rază → Pe rază → Pe rază' tells steps apart only by type, and is cut when
            long: every step in full on hover or keyboard focus. */}
        <Tooltip
          label={
            <Stack gap={0}>
              {interval.search_method.definitions.items.map((item, at) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: steps have no id
                <Text key={at} size="xs">
                  {at + 1}. {methodText(item)}
                </Text>
              ))}
            </Stack>
          }
          disabled={expanded}
          events={{ hover: true, focus: true, touch: false }}
          position="bottom-start"
          openDelay={300}
        >
          <UnstyledButton
            onClick={onToggle}
            aria-expanded={expanded}
            style={{ flex: 1, minWidth: 0 }}
            data-testid={`interval-toggle-${interval.id}`}
          >
            <Group gap="sm" wrap="nowrap">
              <Text size="sm" fw={600} w={120} truncate>
                {daysLabel(interval)}
              </Text>
              <Text size="sm" ff="monospace" w={170}>
                {windowLabel(interval.value)}
              </Text>
              <Text
                size="sm"
                c="dimmed"
                truncate
                style={{ flex: 1 }}
                data-testid={`interval-steps-${interval.id}`}
              >
                {steps === 1 ? '1 pas' : `${steps} pași`}: {stepsLabel(interval)}
              </Text>
              <Text size="xs" c="dimmed" aria-hidden>
                {expanded ? '▲' : '▼'}
              </Text>
            </Group>
          </UnstyledButton>
        </Tooltip>
        {!readOnly && (
          <Tooltip label="Șterge intervalul">
            <ActionIcon
              variant="subtle"
              color="red"
              size="sm"
              aria-label={`Șterge intervalul ${index + 1}`}
              onClick={() => confirmAction('Remove?', onDelete)}
              data-testid={`interval-delete-${interval.id}`}
            >
              ✕
            </ActionIcon>
          </Tooltip>
        )}
      </Group>
      {expanded && (
        <div style={{ marginTop: 8 }}>
          <IntervalEditor interval={interval} readOnly={readOnly} onClose={onToggle} />
        </div>
      )}
    </Paper>
  );
}

import type { SearchInterval } from '@common/dispatch/search-config.schema';
import { SEARCH_CONFIG_EDITORS } from '@common/dispatch/search-config.schema';
import {
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import {
  SortableContext,
  sortableKeyboardCoordinates,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { Alert, Box, Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useCurrentUser } from '../auth';
import { IntervalRow } from './IntervalRow';
import { move } from './interval-summary';
import {
  useCreateInterval,
  useDeleteInterval,
  useSearchIntervals,
  useSortIntervals,
} from './use-search-config';

const NO_INTERVALS: SearchInterval[] = [];

/** Romanian instructions dnd-kit reads to screen readers while sorting with the keyboard. */
const SCREEN_READER = {
  draggable:
    'Apăsați Spațiu pentru a ridica intervalul, săgețile pentru a-l muta, Spațiu pentru a-l lăsa, Esc pentru a renunța.',
};

/**
 * /builder ('Search-method builder', the work-mode builder): the company's search
 * intervals in order — the first that matches the moment an order is placed decides the steps
 * of its driver search (docs/DISPATCH.md). Drag to reorder ('Ordinea de intervale,
 * actualizată!'), add ('Interval creat cu succes!'), expand to edit ('Salvat cu succes!'),
 * delete after 'Remove?' ('Șters!').
 */
export function SearchBuilder() {
  const user = useCurrentUser();
  const readOnly = !user.roles.some((role) =>
    (SEARCH_CONFIG_EDITORS as readonly string[]).includes(role),
  );
  const { data, isPending, isError } = useSearchIntervals();
  const intervals = data ?? NO_INTERVALS;
  const create = useCreateInterval();
  const sort = useSortIntervals();
  const remove = useDeleteInterval();
  const [expanded, setExpanded] = useState<number | null>(null);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const ids = intervals.map((interval) => interval.id);
    const from = ids.indexOf(Number(active.id));
    const to = ids.indexOf(Number(over.id));
    if (from < 0 || to < 0) return;
    sort.mutate(move(ids, from, to));
  };

  return (
    <Box maw={1200} mx="auto" p="md" data-testid="search-builder">
      <Group justify="space-between" mb="xs">
        <div>
          <Title order={3}>Constructor mod de lucru</Title>
          <Text size="sm" c="dimmed">
            Primul interval din listă care se potrivește cu ora comenzii decide pașii căutării de
            șofer. Fără potrivire: un singur pas, în zona comenzii.
          </Text>
        </div>
        {!readOnly && (
          <Button
            onClick={() => create.mutate()}
            loading={create.isPending}
            data-testid="builder-add-interval"
          >
            Adaugă interval
          </Button>
        )}
      </Group>
      {readOnly && (
        <Alert color="gray" mb="xs" p="xs">
          Contul dumneavoastră poate doar citi modul de lucru.
        </Alert>
      )}
      {isPending ? (
        <Loader size="sm" mx="auto" display="block" />
      ) : isError ? (
        <Alert color="red">Intervalele nu au putut fi încărcate.</Alert>
      ) : intervals.length === 0 ? (
        <Text size="sm" c="dimmed" ta="center" py="xl">
          Nimic de afișat.
        </Text>
      ) : (
        <DndContext
          sensors={sensors}
          collisionDetection={closestCenter}
          onDragEnd={onDragEnd}
          accessibility={{ screenReaderInstructions: SCREEN_READER }}
        >
          <SortableContext
            items={intervals.map((interval) => interval.id)}
            strategy={verticalListSortingStrategy}
          >
            <Stack gap={6} data-testid="interval-list">
              {intervals.map((interval, index) => (
                <IntervalRow
                  key={interval.id}
                  interval={interval}
                  index={index}
                  expanded={expanded === interval.id}
                  readOnly={readOnly}
                  onToggle={() =>
                    setExpanded((current) => (current === interval.id ? null : interval.id))
                  }
                  onDelete={() => remove.mutate(interval.id)}
                />
              ))}
            </Stack>
          </SortableContext>
        </DndContext>
      )}
    </Box>
  );
}

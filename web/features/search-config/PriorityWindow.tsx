import { PRIORITY_PAGE_SIZE } from '@common/dispatch/search-config.schema';
import {
  ActionIcon,
  Badge,
  Button,
  Group,
  Loader,
  Modal,
  MultiSelect,
  Pagination,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import dayjs from 'dayjs';
import { useMemo, useState } from 'react';
import { confirmAction } from '../../components/confirm';
import { DateField } from '../../components/DateField';
import { TimeField } from '../../components/TimeField';
import { isApiError } from '../../lib/api-client';
import { formatDateTime, localInputsToUtc } from '../../lib/dates';
import { driverLabel, useDriverSearch } from '../drivers';
import {
  useCreatePriority,
  useDeletePriority,
  usePriorityIntervals,
  usePriorityUpdates,
} from './use-search-config';

const NO_WRAP = { whiteSpace: 'nowrap' } as const;

interface Chosen {
  id: number;
  indicativ: string | null;
  label: string;
}

/** A fresh form: from now, for the next two hours (local inputs, shown local). */
const freshTimes = () => {
  const now = dayjs();
  const later = now.add(2, 'hour');
  return {
    fromDate: now.format('YYYY-MM-DD'),
    fromTime: now.format('HH:mm'),
    toDate: later.format('YYYY-MM-DD'),
    toTime: later.format('HH:mm'),
  };
};

/**
 * Driver priority window: the company's priority intervals (from, to, drivers; 10 a
 * page; shown DD.MM.YYYY HH:mm local, stored UTC), add ('Prioritate salvată!') and
 * delete after 'Remove?' ('Șters!'). Their drivers are offered orders first while the interval
 * lasts (docs/DISPATCH.md). Another dispatcher's change shows at once (priority_updated).
 */
export function PriorityWindow({
  opened,
  onClose,
  readOnly,
}: {
  opened: boolean;
  onClose: () => void;
  readOnly: boolean;
}) {
  const [page, setPage] = useState(1);
  const { data, isPending } = usePriorityIntervals(page, opened);
  usePriorityUpdates(opened);
  const create = useCreatePriority();
  const remove = useDeletePriority();
  const [times, setTimes] = useState(freshTimes);
  const [chosen, setChosen] = useState<Chosen[]>([]);
  const [search, setSearch] = useState('');
  const { drivers, isFetching } = useDriverSearch(search);
  const fieldErrors = isApiError(create.error) ? create.error.fieldErrors : {};
  const error = (field: string) => fieldErrors[field]?.join(' ');

  // The chosen drivers stay among the options whatever the search text finds.
  const options = useMemo(() => {
    const found = drivers.map((driver) => ({
      value: String(driver.id),
      label: driverLabel(driver),
    }));
    const extra = chosen
      .filter((one) => !found.some((option) => option.value === String(one.id)))
      .map((one) => ({ value: String(one.id), label: one.label }));
    return [...extra, ...found];
  }, [drivers, chosen]);

  const choose = (values: string[]) => {
    setChosen(
      values.map((value) => {
        const id = Number(value);
        const kept = chosen.find((one) => one.id === id);
        if (kept) return kept;
        const driver = drivers.find((one) => one.id === id);
        return {
          id,
          indicativ: driver?.default_car?.indicativ ?? driver?.identifier ?? null,
          label: driver ? driverLabel(driver) : value,
        };
      }),
    );
  };

  const from = localInputsToUtc(times.fromDate, times.fromTime);
  const to = localInputsToUtc(times.toDate, times.toTime);
  const add = () => {
    if (!from || !to) return;
    create.mutate(
      { from, to, users: chosen.map(({ id, indicativ }) => ({ id, indicativ })) },
      {
        onSuccess: () => {
          setChosen([]);
          setSearch('');
          setTimes(freshTimes());
          setPage(1);
        },
      },
    );
  };

  const total = data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PRIORITY_PAGE_SIZE));

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title="Prioritate șoferi"
      size={880}
      data-testid="priority-window"
    >
      <Stack gap="sm">
        {!readOnly && (
          <form
            onSubmit={(event) => {
              event.preventDefault();
              add();
            }}
          >
            <Group align="flex-start" gap="xs" wrap="nowrap">
              <DateField
                size="xs"
                w={110}
                label="De la"
                value={times.fromDate}
                onChange={(fromDate) => setTimes((current) => ({ ...current, fromDate }))}
                error={error('from')}
                data-testid="priority-from-date"
              />
              <TimeField
                size="xs"
                w={70}
                label="Ora"
                value={times.fromTime}
                onChange={(fromTime) => setTimes((current) => ({ ...current, fromTime }))}
                data-testid="priority-from-time"
              />
              <DateField
                size="xs"
                w={110}
                label="Până la"
                value={times.toDate}
                onChange={(toDate) => setTimes((current) => ({ ...current, toDate }))}
                error={error('to')}
                data-testid="priority-to-date"
              />
              <TimeField
                size="xs"
                w={70}
                label="Ora"
                value={times.toTime}
                onChange={(toTime) => setTimes((current) => ({ ...current, toTime }))}
                data-testid="priority-to-time"
              />
              <MultiSelect
                size="xs"
                label="Șoferi"
                placeholder={chosen.length === 0 ? 'Indicativ sau nume' : undefined}
                searchable
                data={options}
                value={chosen.map((one) => String(one.id))}
                onChange={choose}
                searchValue={search}
                onSearchChange={setSearch}
                // The server already filtered by the search text.
                filter={({ options: all }) => all}
                nothingFoundMessage={isFetching ? 'Se caută…' : 'Niciun șofer găsit'}
                error={error('users')}
                comboboxProps={{ withinPortal: false }}
                style={{ flex: 1 }}
                data-testid="priority-drivers"
              />
              <Button
                type="submit"
                size="xs"
                mt={22}
                loading={create.isPending}
                disabled={chosen.length === 0 || !from || !to}
                data-testid="priority-add"
              >
                Adaugă
              </Button>
            </Group>
          </form>
        )}
        {isPending ? (
          <Loader size="sm" mx="auto" />
        ) : (data?.data.length ?? 0) === 0 ? (
          <Text size="sm" c="dimmed" ta="center" py="md">
            Nimic de afișat.
          </Text>
        ) : (
          <Table striped verticalSpacing={4} fz="sm" data-testid="priority-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={140}>De la</Table.Th>
                <Table.Th w={140}>Până la</Table.Th>
                <Table.Th>Șoferi</Table.Th>
                <Table.Th w={40} />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data?.data.map((interval) => (
                <Table.Tr key={interval.id} data-testid={`priority-row-${interval.id}`}>
                  <Table.Td style={NO_WRAP}>{formatDateTime(interval.from)}</Table.Td>
                  <Table.Td style={NO_WRAP}>{formatDateTime(interval.to)}</Table.Td>
                  <Table.Td>
                    <Group gap={4}>
                      {interval.users.map((driver) => (
                        <Badge key={driver.id} variant="light" size="sm">
                          {driver.indicativ ?? `#${driver.id}`}
                        </Badge>
                      ))}
                    </Group>
                  </Table.Td>
                  <Table.Td>
                    {!readOnly && (
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        size="sm"
                        aria-label={`Șterge intervalul ${formatDateTime(interval.from)}`}
                        onClick={() => confirmAction('Remove?', () => remove.mutate(interval.id))}
                        data-testid={`priority-delete-${interval.id}`}
                      >
                        ✕
                      </ActionIcon>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        {pages > 1 && (
          <Group justify="center">
            <Pagination size="sm" total={pages} value={page} onChange={setPage} />
          </Group>
        )}
      </Stack>
    </Modal>
  );
}

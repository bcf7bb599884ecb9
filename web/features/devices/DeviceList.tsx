import { DEVICE_PLATFORM_LABELS, type Device } from '@common/devices/devices.schema';
import {
  Alert,
  Button,
  Group,
  Loader,
  Pagination,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { formatDateTime } from '../../lib/dates';
import { DriverSelect } from '../drivers/DriverSelect';
import { USER_SEARCH_DEBOUNCE_MS } from '../drivers/use-driver-search';
import { DEVICES_PER_PAGE, useCompanyChoices, useDevices } from './use-devices';

const driverText = (device: Device) =>
  device.driver ? [device.driver.indicativ, device.driver.name].filter(Boolean).join(' · ') : '—';

/**
 * /devices (issue #20): the drivers' phones and tablets of the caller's companies, searched by
 * identifier, model or driver (debounced as every user search, SPEC §9), filtered by driver.
 * A row opens /device/{id}; 'Adaugă dispozitiv' opens /device/0.
 */
export function DeviceList() {
  const navigate = useNavigate();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), USER_SEARCH_DEBOUNCE_MS);
  const [driverId, setDriverId] = useState<number | null>(null);
  const [page, setPage] = useState(1);
  const companies = useCompanyChoices(true);
  const { data, isPending, isError, error, isFetching } = useDevices({
    search: debounced,
    driverId,
    page,
  });
  // The platform admin (or a manager of several companies) sees whose each device is.
  const manyCompanies = (companies.data?.length ?? 0) > 1;
  const pages = data ? Math.max(1, Math.ceil(data.meta.total / DEVICES_PER_PAGE)) : 1;

  return (
    <Stack gap="sm" p="md" data-testid="device-list">
      <Group justify="space-between" align="flex-end">
        <Group gap="sm" align="flex-end">
          <Title order={3}>Dispozitive</Title>
          {data && (
            <Text size="sm" c="dimmed" data-testid="device-total">
              {data.meta.total}
            </Text>
          )}
          {isFetching && <Loader size="xs" aria-label="Se încarcă" />}
        </Group>
        <Button component={Link} to="/device/0" size="sm" data-testid="device-add">
          Adaugă dispozitiv
        </Button>
      </Group>
      <Group gap="sm" align="flex-end">
        <TextInput
          label="Caută"
          placeholder="Identificator, model sau șofer"
          value={search}
          onChange={(event) => {
            setSearch(event.currentTarget.value);
            setPage(1);
          }}
          w={300}
          data-testid="device-search"
        />
        <div style={{ width: 260 }}>
          <DriverSelect
            value={driverId}
            onChange={(id) => {
              setDriverId(id);
              setPage(1);
            }}
            testId="device-driver-filter"
          />
        </div>
      </Group>
      {isPending ? (
        <Loader size="sm" my="md" aria-label="Se încarcă" />
      ) : isError ? (
        <Alert color="red" variant="light">
          {error.message}
        </Alert>
      ) : data.data.length === 0 ? (
        <Text size="sm" c="dimmed" py="md">
          {debounced || driverId ? 'Niciun dispozitiv găsit.' : 'Nu există dispozitive.'}
        </Text>
      ) : (
        <Table highlightOnHover striped verticalSpacing={6} data-testid="device-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Identificator</Table.Th>
              <Table.Th>Model</Table.Th>
              <Table.Th>Platformă</Table.Th>
              <Table.Th>Versiune aplicație</Table.Th>
              <Table.Th>Șofer</Table.Th>
              <Table.Th>Văzut ultima dată</Table.Th>
              {manyCompanies && <Table.Th>Companie</Table.Th>}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data.data.map((device) => (
              <Table.Tr
                key={device.id}
                data-testid={`device-row-${device.id}`}
                style={{ cursor: 'pointer' }}
                onClick={() => navigate(`/device/${device.id}`)}
              >
                <Table.Td>
                  <Link
                    to={`/device/${device.id}`}
                    onClick={(event) => event.stopPropagation()}
                    style={{ color: 'inherit', fontWeight: 600 }}
                  >
                    {device.identifier}
                  </Link>
                </Table.Td>
                <Table.Td>{device.model}</Table.Td>
                <Table.Td>{DEVICE_PLATFORM_LABELS[device.platform]}</Table.Td>
                <Table.Td>{device.app_version ?? '—'}</Table.Td>
                <Table.Td>{driverText(device)}</Table.Td>
                <Table.Td style={{ fontVariantNumeric: 'tabular-nums' }}>
                  {formatDateTime(device.last_seen_at)}
                </Table.Td>
                {manyCompanies && <Table.Td>{device.company_name}</Table.Td>}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {pages > 1 && (
        <Group justify="flex-end">
          <Pagination size="sm" total={pages} value={page} onChange={setPage} />
        </Group>
      )}
    </Stack>
  );
}

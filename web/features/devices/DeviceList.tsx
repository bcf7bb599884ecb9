import { DEVICE_PLATFORM_LABELS, type Device } from '@common/devices/devices.schema';
import { Button, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { EntityList } from '../../components/entity-list/EntityList';
import { ListSearch } from '../../components/entity-list/ListSearch';
import { useListPaging } from '../../components/entity-list/use-list-paging';
import { formatDateTime } from '../../lib/dates';
import { DriverSelect, USER_SEARCH_DEBOUNCE_MS } from '../drivers';
import { DEVICES_PER_PAGE, useCompanyChoices, useDevices } from './use-devices';

const driverText = (device: Device) =>
  device.driver ? [device.driver.indicativ, device.driver.name].filter(Boolean).join(' · ') : '—';

/**
 * /devices: the drivers' phones and tablets of the caller's companies, searched by identifier,
 * model or driver (debounced as every user search), filtered by driver. A row opens
 * /device/{id}; 'Adaugă dispozitiv' opens /device/0.
 */
export function DeviceList() {
  const navigate = useNavigate();
  const paging = useListPaging(USER_SEARCH_DEBOUNCE_MS);
  const [driverId, setDriverId] = useState<number | null>(null);
  const companies = useCompanyChoices(true);
  const { data, isPending, isError, error, isFetching } = useDevices({
    search: paging.debounced,
    driverId,
    page: paging.page,
  });
  // The platform admin (or a manager of several companies) sees whose each device is.
  const manyCompanies = (companies.data?.length ?? 0) > 1;
  const rows = data?.data ?? [];

  return (
    <EntityList
      testId="device-list"
      p="md"
      title="Dispozitive"
      titleOrder={3}
      headerAlign="flex-end"
      titleAside={
        data && (
          <Text size="sm" c="dimmed" data-testid="device-total">
            {data.meta.total}
          </Text>
        )
      }
      actions={
        <Button component={Link} to="/device/0" size="sm" data-testid="device-add">
          Adaugă dispozitiv
        </Button>
      }
      filters={
        <>
          <ListSearch
            width={300}
            placeholder="Identificator, model sau șofer"
            value={paging.search}
            onChange={paging.setSearch}
            testId="device-search"
          />
          <div style={{ width: 260 }}>
            <DriverSelect
              value={driverId}
              onChange={paging.firstPage(setDriverId)}
              testId="device-driver-filter"
            />
          </div>
        </>
      }
      isPending={isPending}
      isFetching={isFetching}
      error={isError ? error.message : null}
      isEmpty={rows.length === 0}
      emptyText={
        paging.debounced || driverId ? 'Niciun dispozitiv găsit.' : 'Nu există dispozitive.'
      }
      pagination={{
        page: paging.page,
        total: data?.meta.total ?? 0,
        perPage: DEVICES_PER_PAGE,
        onChange: paging.setPage,
      }}
    >
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
          {rows.map((device) => (
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
    </EntityList>
  );
}

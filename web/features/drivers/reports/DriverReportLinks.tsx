import {
  createReportLink,
  listReportLinks,
  revokeReportLink,
} from '@common/driver-reports/driver-reports.api';
import {
  REPORT_LINK_DEFAULT_DAYS,
  REPORT_LINK_MAX_DAYS,
  type ReportLink,
} from '@common/driver-reports/driver-reports.schema';
import { fromUtcString } from '@common/lib/dates';
import {
  Alert,
  Badge,
  Button,
  CopyButton,
  Group,
  Loader,
  NumberInput,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { confirmAction } from '../../../components/confirm';
import { api, apiWith, isApiError } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/dates';
import { toastApiError, toastSuccess } from '../../../lib/toast';

type LinkState = 'active' | 'expired' | 'revoked';

const stateOf = (link: ReportLink, now: number): LinkState =>
  link.revoked_at
    ? 'revoked'
    : fromUtcString(link.expires_at).getTime() <= now
      ? 'expired'
      : 'active';

const STATE_BADGES: Record<LinkState, { label: string; color: string }> = {
  active: { label: 'Activ', color: 'green' },
  expired: { label: 'Expirat', color: 'gray' },
  revoked: { label: 'Revocat', color: 'red' },
};

/**
 * /driver/reports/{token} links for the driver edit page (/user/{id}/driver): make one
 * that expires after N days, copy it (it is shown only now: the server keeps only a digest),
 * see the links made and revoke one. They expire: no lasting secret in a URL.
 */
export function DriverReportLinks({ driverId }: { driverId: number }) {
  const queryClient = useQueryClient();
  const key = ['drivers', driverId, 'report-links'];
  const [days, setDays] = useState<number | string>(REPORT_LINK_DEFAULT_DAYS);
  const [fresh, setFresh] = useState<string | null>(null);
  const links = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => apiWith(listReportLinks, { signal }, { params: { id: driverId } }),
  });
  const create = useMutation({
    mutationFn: () =>
      api(createReportLink, {
        params: { id: driverId },
        body: { days: typeof days === 'number' ? days : Number.NaN },
      }),
    onSuccess: (created) => {
      // The browser's own origin: the address the admin reaches this site at.
      setFresh(`${window.location.origin}${created.path}`);
      void queryClient.invalidateQueries({ queryKey: key });
      toastSuccess('Link creat.');
    },
    onError: (error) => toastApiError(error),
  });
  const revoke = useMutation({
    mutationFn: (linkId: number) => api(revokeReportLink, { params: { id: driverId, linkId } }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: key });
      toastSuccess('Link revocat.');
    },
    onError: (error) => toastApiError(error),
  });
  const daysError = isApiError(create.error) ? create.error.fieldErrors.days?.join(' ') : undefined;
  const now = Date.now();

  return (
    <Stack gap="xs" data-testid="driver-report-links">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          create.mutate();
        }}
      >
        <Group gap="sm" align="flex-end">
          <NumberInput
            label="Valabil (zile)"
            min={1}
            max={REPORT_LINK_MAX_DAYS}
            allowDecimal={false}
            value={days}
            onChange={setDays}
            error={daysError}
            w={140}
            data-testid="report-link-days"
          />
          <Button type="submit" loading={create.isPending} data-testid="report-link-create">
            Creează link
          </Button>
        </Group>
      </form>
      {fresh && (
        <Alert color="green" variant="light" data-testid="report-link-fresh">
          <Stack gap={6}>
            <Text size="sm">
              Copiați linkul acum: din motive de securitate nu mai poate fi afișat.
            </Text>
            <Group gap="xs" wrap="nowrap">
              <TextInput
                value={fresh}
                readOnly
                onFocus={(event) => event.currentTarget.select()}
                style={{ flex: 1 }}
                data-testid="report-link-url"
              />
              <CopyButton value={fresh}>
                {({ copied, copy }) => (
                  <Button variant="default" onClick={copy} data-testid="report-link-copy">
                    {copied ? 'Copiat' : 'Copiază'}
                  </Button>
                )}
              </CopyButton>
            </Group>
          </Stack>
        </Alert>
      )}
      {links.isPending ? (
        <Loader size="sm" aria-label="Se încarcă" />
      ) : links.isError ? (
        <Alert color="red" variant="light">
          {links.error.message}
        </Alert>
      ) : links.data.length === 0 ? (
        <Text size="sm" c="dimmed">
          Niciun link creat.
        </Text>
      ) : (
        <Table verticalSpacing={4} data-testid="report-link-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Creat</Table.Th>
              <Table.Th>De</Table.Th>
              <Table.Th>Expiră</Table.Th>
              <Table.Th>Stare</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {links.data.map((link) => {
              const state = stateOf(link, now);
              return (
                <Table.Tr key={link.id} data-testid={`report-link-${link.id}`}>
                  <Table.Td>{formatDateTime(link.created_at)}</Table.Td>
                  <Table.Td>{link.created_by ?? '—'}</Table.Td>
                  <Table.Td>{formatDateTime(link.expires_at)}</Table.Td>
                  <Table.Td>
                    <Badge size="sm" variant="light" color={STATE_BADGES[state].color}>
                      {STATE_BADGES[state].label}
                    </Badge>
                  </Table.Td>
                  <Table.Td ta="right">
                    {state === 'active' && (
                      <Button
                        size="compact-sm"
                        variant="subtle"
                        color="red"
                        data-testid={`report-link-revoke-${link.id}`}
                        onClick={() =>
                          confirmAction(
                            'Revocați linkul? Cine îl are nu îl mai poate deschide.',
                            () => revoke.mutate(link.id),
                          )
                        }
                      >
                        Revocă
                      </Button>
                    )}
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}

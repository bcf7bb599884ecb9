import {
  ORDER_STATES,
  type OrderState,
  PAYMENT_TYPES,
  type PaymentType,
} from '@common/orders/orders.schema';
import { listUsers } from '@common/users/users.api';
import { MultiSelect, NumberInput, Select } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { DateField } from '../../../components/DateField';
import { TimeField } from '../../../components/TimeField';
import { apiWith } from '../../../lib/api-client';
import {
  FLAVOUR_LABELS,
  type Flavour,
  ORDER_STATE_LABELS,
  PAYMENT_TYPE_LABELS,
} from '../../../lib/orders/labels';
import { useCurrentUser } from '../../auth';
import { DriverSelect } from '../../drivers';
import { useReadsPeople } from '../../users';
import type { Filters } from './orders-search-filters';

const stateOptions = ORDER_STATES.filter((s) => s !== 'new').map((s) => ({
  value: s,
  label: ORDER_STATE_LABELS[s],
}));
const paymentOptions = PAYMENT_TYPES.map((p) => ({ value: p, label: PAYMENT_TYPE_LABELS[p] }));

/**
 * The order filters' fields (states, days, hours, payment, driver, client, dispatcher, company),
 * for a grid of the caller's: the orders search and the orders report share them. The driver and
 * dispatcher pickers are for whoever reads people.
 */
export function OrderFilterFields({
  value: draft,
  onChange,
  flavour,
  enabled = true,
}: {
  value: Filters;
  onChange: (next: Filters) => void;
  flavour: Flavour;
  /** Whether the dispatchers list may be read now (a closed modal reads nothing). */
  enabled?: boolean;
}) {
  // company_id: a choice only for a user of several companies (the server already
  // scopes the search to the caller's companies).
  const { companies } = useCurrentUser();
  const readsPeople = useReadsPeople();
  const dispatchers = useQuery({
    queryKey: ['users', 'dispatchers'],
    queryFn: ({ signal }) =>
      apiWith(listUsers, { signal }, { query: { role: 'dispatcher', per_page: 100 } }),
    enabled: enabled && readsPeople,
    staleTime: 60_000,
  });
  const set = <K extends keyof Filters>(key: K, value: Filters[K]) =>
    onChange({ ...draft, [key]: value });

  return (
    <>
      <MultiSelect
        label="Stări"
        data={stateOptions}
        value={draft.states}
        onChange={(values) =>
          set(
            'states',
            values.filter((v): v is OrderState => (ORDER_STATES as readonly string[]).includes(v)),
          )
        }
        comboboxProps={{ withinPortal: false }}
        data-testid="search-states"
      />
      <DateField
        label="De la data"
        value={draft.date_from}
        onChange={(value) => set('date_from', value)}
        data-testid="search-date-from"
      />
      <DateField
        label="Până la data"
        value={draft.date_to}
        onChange={(value) => set('date_to', value)}
        data-testid="search-date-to"
      />
      <TimeField
        label="De la ora"
        value={draft.time_from}
        onChange={(value) => set('time_from', value)}
        data-testid="search-time-from"
      />
      <TimeField
        label="Până la ora"
        value={draft.time_to}
        onChange={(value) => set('time_to', value)}
        data-testid="search-time-to"
      />
      <Select
        label="Plată"
        clearable
        data={paymentOptions}
        value={draft.payment_method}
        onChange={(value) =>
          set(
            'payment_method',
            (PAYMENT_TYPES as readonly string[]).includes(value ?? '')
              ? (value as PaymentType)
              : null,
          )
        }
        comboboxProps={{ withinPortal: false }}
        data-testid="search-payment"
      />
      <DriverSelect
        label={FLAVOUR_LABELS[flavour].driver}
        value={draft.driver_id}
        onChange={(id) => set('driver_id', id)}
        testId="search-driver"
      />
      <NumberInput
        label="ID client"
        min={1}
        allowDecimal={false}
        value={draft.client_id ?? ''}
        onChange={(value) =>
          set('client_id', typeof value === 'number' && value > 0 ? value : null)
        }
        data-testid="search-client"
      />
      <Select
        label="Dispecer"
        clearable
        searchable
        data={(dispatchers.data?.data ?? []).map((u) => ({
          value: String(u.id),
          label: u.name,
        }))}
        value={draft.dispatcher_id === null ? null : String(draft.dispatcher_id)}
        onChange={(value) => set('dispatcher_id', value ? Number(value) : null)}
        comboboxProps={{ withinPortal: false }}
        data-testid="search-dispatcher"
      />
      {companies.length > 1 && (
        <Select
          label="Companie"
          clearable
          data={companies.map((c) => ({ value: String(c.id), label: c.name }))}
          value={draft.company_id === null ? null : String(draft.company_id)}
          onChange={(value) => set('company_id', value ? Number(value) : null)}
          comboboxProps={{ withinPortal: false }}
          data-testid="search-company"
        />
      )}
    </>
  );
}

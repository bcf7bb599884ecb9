import { Button, Select, SimpleGrid } from '@mantine/core';
import dayjs from 'dayjs';
import { DateField } from '../../../components/DateField';
import { TimeField } from '../../../components/TimeField';
import { useNow } from '../../../lib/use-now';
import { useServices } from '../../catalog';
import type { OrderDraftState } from './use-order-draft';

/**
 * The service, then the departure date and time (DD.MM.YYYY and HH:mm under any browser
 * locale); 'Acum' brings the time back to now.
 */
export function ServiceAndTimeFields({ form }: { form: OrderDraftState }) {
  const { draft, errors, editable, update } = form;
  const services = useServices();
  // A new order's departure time follows the clock every second until it is set.
  const now = useNow(1000, editable && draft.departure === null);
  const departure = draft.departure ?? {
    date: dayjs(now).format('YYYY-MM-DD'),
    time: dayjs(now).format('HH:mm'),
  };

  const serviceOptions = (services.data ?? []).map((s) => ({ value: String(s.id), label: s.name }));
  if (!serviceOptions.some((o) => o.value === String(draft.service_id))) {
    serviceOptions.unshift({
      value: String(draft.service_id),
      label: `Serviciul ${draft.service_id}`,
    });
  }

  return (
    <>
      <SimpleGrid cols={3} spacing="xs">
        <Select
          label="Serviciu"
          data={serviceOptions}
          value={String(draft.service_id)}
          allowDeselect={false}
          disabled={!editable}
          comboboxProps={{ withinPortal: false }}
          onChange={(value) => value && update({ service_id: Number(value) })}
          data-testid="order-service"
        />
        <DateField
          label="Data"
          value={departure.date}
          disabled={!editable}
          error={errors.departure_time}
          onChange={(date) => update({ departure: { ...departure, date } })}
          data-testid="order-date"
        />
        <TimeField
          label="Ora"
          value={departure.time}
          disabled={!editable}
          onChange={(time) => update({ departure: { ...departure, time } })}
          data-testid="order-time"
        />
      </SimpleGrid>
      {editable && draft.departure !== null && (
        <Button
          size="compact-xs"
          variant="subtle"
          w="fit-content"
          onClick={() => update({ departure: null })}
        >
          Acum
        </Button>
      )}
    </>
  );
}

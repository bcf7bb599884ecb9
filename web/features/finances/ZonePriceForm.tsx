import type { Service } from '@common/catalog/catalog.schema';
import { parseRon } from '@common/lib/money';
import { ZonePriceBodySchema } from '@common/money/tariffs.schema';
import { Button, Checkbox, Group, Select, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import {
  type FieldErrors,
  firstError,
  isApiError,
  serverFieldErrors,
  zodFieldErrors,
} from '../../lib/form/field-errors';
import { toastApiError, toastSuccess } from '../../lib/toast';
import { useCreateZonePrice } from './use-tariffs';

interface Draft {
  from: string | null;
  to: string | null;
  /** '0': every service. */
  service: string;
  price: string;
  both_ways: boolean;
}

const EMPTY: Draft = { from: null, to: null, service: '0', price: '', both_ways: true };

/** Adds a fixed price between two of the company's zones, for one service or all. */
export function ZonePriceForm({
  services,
  companyZones,
}: {
  services: Service[];
  /** The acting company's zones (its pricing's), never the caller's. */
  companyZones: readonly { id: number; name: string }[];
}) {
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [errors, setErrors] = useState<FieldErrors>({});
  const create = useCreateZonePrice();
  const zones = companyZones.map((zone) => ({ value: String(zone.id), label: zone.name }));

  const set = <K extends keyof Draft>(key: K, value: Draft[K], field: string = key) => {
    setDraft((current) => ({ ...current, [key]: value }));
    setErrors(({ [field]: _dropped, ...rest }) => rest);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const price = parseRon(draft.price);
    const parsed = ZonePriceBodySchema.safeParse({
      service_id: draft.service === '0' ? null : Number(draft.service),
      from_polygon_id: draft.from === null ? undefined : Number(draft.from),
      to_polygon_id: draft.to === null ? undefined : Number(draft.to),
      price: price.ok ? price.bani : 0,
      both_ways: draft.both_ways,
    });
    const found = parsed.success ? {} : zodFieldErrors(parsed.error);
    if (!price.ok) found.price = [price.error];
    if (draft.from === null) found.from_polygon_id = ['Alegeți zona de plecare.'];
    if (draft.to === null) found.to_polygon_id = ['Alegeți zona de sosire.'];
    setErrors(found);
    if (!parsed.success || Object.keys(found).length > 0) return;
    create.mutate(parsed.data, {
      onSuccess: () => {
        setDraft(EMPTY);
        toastSuccess('Salvat cu succes!');
      },
      onError: (error) => {
        // The pair priced already: the server's words on the pair's second zone.
        if (isApiError(error, 409)) setErrors({ to_polygon_id: [error.message] });
        else {
          setErrors(serverFieldErrors(error));
          toastApiError(error);
        }
      },
    });
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Preț fix nou" data-testid="zone-price-form">
      <Group gap="xs" align="flex-start" wrap="wrap">
        <Select
          size="xs"
          w={170}
          label="Din zona"
          searchable
          data={zones}
          value={draft.from}
          error={firstError(errors, 'from_polygon_id')}
          onChange={(value) => set('from', value, 'from_polygon_id')}
          comboboxProps={{ withinPortal: false }}
          data-testid="zone-price-from"
        />
        <Select
          size="xs"
          w={170}
          label="În zona"
          searchable
          data={zones}
          value={draft.to}
          error={firstError(errors, 'to_polygon_id')}
          onChange={(value) => set('to', value, 'to_polygon_id')}
          comboboxProps={{ withinPortal: false }}
          data-testid="zone-price-to"
        />
        <Select
          size="xs"
          w={160}
          label="Serviciu"
          allowDeselect={false}
          data={[
            { value: '0', label: 'Toate serviciile' },
            ...services.map((s) => ({ value: String(s.id), label: s.name })),
          ]}
          value={draft.service}
          error={firstError(errors, 'service_id')}
          onChange={(value) => set('service', value ?? '0', 'service_id')}
          comboboxProps={{ withinPortal: false }}
          data-testid="zone-price-service"
        />
        <TextInput
          size="xs"
          w={110}
          label="Preț"
          inputMode="decimal"
          placeholder="45,00"
          rightSection={<span style={{ fontSize: 11, opacity: 0.6 }}>RON</span>}
          rightSectionWidth={36}
          value={draft.price}
          error={firstError(errors, 'price')}
          onChange={(event) => set('price', event.currentTarget.value)}
          data-testid="zone-price-price"
        />
        <Checkbox
          size="xs"
          mt={26}
          label="dus-întors"
          checked={draft.both_ways}
          onChange={(event) => set('both_ways', event.currentTarget.checked)}
          data-testid="zone-price-both-ways"
        />
        <Button
          size="xs"
          mt={20}
          type="submit"
          loading={create.isPending}
          data-testid="zone-price-add"
        >
          Adaugă prețul
        </Button>
      </Group>
    </form>
  );
}

import { type CompanySettings, CompanySettingsBodySchema } from '@common/companies/settings.schema';
import { DEFAULT_SEARCH_ITEM, type SearchItem } from '@common/dispatch/search-method.schema';
import {
  Button,
  Checkbox,
  Group,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { isApiError } from '../../lib/api-client';
import { toastApiError, toastSuccess } from '../../lib/toast';
import { useUnsavedChangesWarning } from '../../lib/use-unsaved-changes-warning';
import { CompanyMarker } from '../../map/CompanyMarker';
import { companyCenter } from '../../map/company-center';
import { MapView } from '../../map/MapView';
import { PinMarker } from '../../map/PinMarker';
import { toMaplibreZoom } from '../../map/zoom';
import { StepEditor } from '../search-config';
import { useSaveCompanySettings } from './use-company-settings';

type FieldErrors = Record<string, string[]>;

interface Draft {
  name: string;
  phone: string;
  address: string;
  /** As NumberInput reports it while typing ('' or '47.'). */
  lat: number | string;
  lng: number | string;
  default_service_id: string | null;
  dispatch_defaults: SearchItem | null;
}

const draftOf = (settings: CompanySettings): Draft => ({
  name: settings.name,
  phone: settings.phone ?? '',
  address: settings.address ?? '',
  lat: settings.lat ?? '',
  lng: settings.lng ?? '',
  default_service_id:
    settings.default_service_id === null ? null : String(settings.default_service_id),
  dispatch_defaults: settings.dispatch_defaults,
});

const coordinate = (value: number | string): number | null =>
  typeof value === 'number' ? value : value.trim() === '' ? null : Number(value);

const bodyOf = (draft: Draft) => ({
  name: draft.name,
  phone: draft.phone,
  address: draft.address,
  lat: coordinate(draft.lat),
  lng: coordinate(draft.lng),
  default_service_id: draft.default_service_id === null ? null : Number(draft.default_service_id),
  dispatch_defaults: draft.dispatch_defaults,
});

/** A city's streets: enough to put the company's centre on the right square. */
const SETTINGS_MAP_ZOOM = toMaplibreZoom(13);

/**
 * /settings: a company's name, phone, address, its coordinates (the map centre of its
 * consoles) picked on the map, the service a new order starts with, and the search step
 * the dispatch engine uses when none of the company's search intervals applies.
 */
export function CompanySettingsForm({ settings }: { settings: CompanySettings }) {
  const [draft, setDraft] = useState<Draft>(() => draftOf(settings));
  const [errors, setErrors] = useState<FieldErrors>({});
  const save = useSaveCompanySettings(settings.id);
  const [mapCenter] = useState(() => companyCenter(settings));
  const lat = coordinate(draft.lat);
  const lng = coordinate(draft.lng);
  const placed = lat !== null && lng !== null && Number.isFinite(lat) && Number.isFinite(lng);
  const dirty = JSON.stringify(bodyOf(draft)) !== JSON.stringify(bodyOf(draftOf(settings)));
  useUnsavedChangesWarning(dirty);

  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => {
    setDraft((current) => ({ ...current, [key]: value }));
    if (errors[key]) setErrors(({ [key]: _dropped, ...rest }) => rest);
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = CompanySettingsBodySchema.safeParse(bodyOf(draft));
    if (!parsed.success) {
      const found: FieldErrors = {};
      for (const issue of parsed.error.issues) {
        // The step's own fields by their full path, as the server names them.
        const field =
          issue.path[0] === 'dispatch_defaults'
            ? issue.path.map(String).join('.')
            : String(issue.path[0] ?? 'form');
        found[field] = [...(found[field] ?? []), issue.message];
      }
      setErrors(found);
      return;
    }
    save.mutate(bodyOf(draft), {
      onSuccess: (saved) => {
        setDraft(draftOf(saved));
        setErrors({});
        toastSuccess('Salvat cu succes!');
      },
      onError: (error) => {
        if (isApiError(error)) setErrors(error.fieldErrors);
        toastApiError(error);
      },
    });
  };

  const first = (field: string) => errors[field]?.join(' ');
  const stepErrors = Object.fromEntries(
    Object.entries(errors).flatMap(([key, messages]) =>
      key.startsWith('dispatch_defaults.')
        ? [[key.slice('dispatch_defaults.'.length), messages.join(' ')]]
        : [],
    ),
  );

  return (
    <form onSubmit={submit} noValidate aria-label="Setări firmă">
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm">
          <TextInput
            label="Denumire"
            required
            value={draft.name}
            onChange={(e) => set('name', e.currentTarget.value)}
            error={first('name')}
          />
          <TextInput
            label="Telefon"
            type="tel"
            value={draft.phone}
            onChange={(e) => set('phone', e.currentTarget.value)}
            error={first('phone')}
          />
        </SimpleGrid>
        <TextInput
          label="Adresa"
          value={draft.address}
          onChange={(e) => set('address', e.currentTarget.value)}
          error={first('address')}
        />
        <Stack gap={4}>
          <Text size="sm" fw={500}>
            Centrul hărții
          </Text>
          <MapView
            center={mapCenter}
            zoom={SETTINGS_MAP_ZOOM}
            height={280}
            label="Harta centrului firmei"
            testId="company-settings-map"
          >
            {!mapCenter.isFallback && <CompanyMarker center={mapCenter} />}
            <PinMarker
              position={placed ? { lat, lng } : mapCenter}
              placed={placed}
              onMove={(at) => {
                set('lat', at.lat);
                set('lng', at.lng);
              }}
            />
          </MapView>
          <Group align="flex-start" gap="xs" grow>
            <NumberInput
              label="Latitudine"
              decimalScale={7}
              min={-90}
              max={90}
              value={draft.lat}
              onChange={(value) => set('lat', value)}
              error={first('lat')}
            />
            <NumberInput
              label="Longitudine"
              decimalScale={7}
              min={-180}
              max={180}
              value={draft.lng}
              onChange={(value) => set('lng', value)}
              error={first('lng')}
            />
          </Group>
          <Text size="xs" c="dimmed">
            Trageți pinul sau faceți clic pe hartă. Hărțile consolei se deschid aici; fără
            coordonate se folosește centrul implicit.
          </Text>
        </Stack>
        <Select
          label="Serviciul implicit"
          description="Serviciul cu care începe o comandă nouă"
          placeholder="Serviciul platformei (Standard)"
          clearable
          data={settings.services.map((s) => ({ value: String(s.id), label: s.name }))}
          value={draft.default_service_id}
          onChange={(value) => set('default_service_id', value)}
          error={first('default_service_id')}
        />
        <Stack gap="xs">
          <Title order={2} size="h5">
            Căutarea implicită a șoferilor
          </Title>
          <Checkbox
            label="Pas de căutare propriu când niciun interval din modul de lucru nu se aplică"
            checked={draft.dispatch_defaults !== null}
            onChange={(e) =>
              set('dispatch_defaults', e.currentTarget.checked ? { ...DEFAULT_SEARCH_ITEM } : null)
            }
          />
          {draft.dispatch_defaults === null ? (
            <Text size="xs" c="dimmed">
              Fără pas propriu, comenzile din afara intervalelor caută după zonă, 6 s, cel mult 50
              de șoferi (implicitul platformei).
            </Text>
          ) : (
            <StepEditor
              index={0}
              count={1}
              item={draft.dispatch_defaults}
              errors={stepErrors}
              readOnly={false}
              onChange={(item) => set('dispatch_defaults', item)}
              onMove={() => undefined}
              onRemove={() => set('dispatch_defaults', null)}
            />
          )}
        </Stack>
        <Group>
          <Button type="submit" loading={save.isPending} disabled={!dirty}>
            Salvează
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

import {
  DEVICE_PLATFORM_LABELS,
  DEVICE_PLATFORMS,
  type Device,
  DeviceBodySchema,
  type DevicePlatform,
} from '@common/devices/devices.schema';
import { Alert, Button, Group, Loader, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { confirmAction } from '../../components/confirm';
import { isApiError } from '../../lib/api-client';
import { formatDateTime } from '../../lib/dates';
import { useUnsavedChangesWarning } from '../../lib/use-unsaved-changes-warning';
import { DeviceDriverSelect } from './DeviceDriverSelect';
import { useCompanyChoices, useDeleteDevice, useDevice, useSaveDevice } from './use-devices';

interface Draft {
  identifier: string;
  model: string;
  platform: DevicePlatform;
  app_version: string;
  driver_id: number | null;
  /** A new device's company; null: its driver's, else the caller's first (devices.service). */
  company_id: number | null;
}

const draftOf = (device: Device | undefined): Draft => ({
  identifier: device?.identifier ?? '',
  model: device?.model ?? '',
  platform: device?.platform ?? 'android',
  app_version: device?.app_version ?? '',
  driver_id: device?.driver_id ?? null,
  company_id: device?.company_id ?? null,
});

const PLATFORM_OPTIONS = DEVICE_PLATFORMS.map((value) => ({
  value,
  label: DEVICE_PLATFORM_LABELS[value],
}));

/** /device/{id}; id 0 creates. Loads the device, then the form. */
export function DeviceEditor({ id }: { id: number }) {
  const { data, isPending, isError, error } = useDevice(id);
  if (id > 0 && isPending) return <Loader size="sm" m="md" aria-label="Se încarcă" />;
  if (id > 0 && isError)
    return (
      <Alert color="red" variant="light" m="md">
        {error.message}
      </Alert>
    );
  return <DeviceForm key={data?.updated_at ?? 'new'} id={id} device={data} />;
}

/**
 * The device form, checked with the API's own contract (DeviceBodySchema) before it is sent;
 * the server's field errors (a taken identifier, a driver of another company) land on their
 * fields. Enter saves; leaving with unsaved changes asks first.
 */
function DeviceForm({ id, device }: { id: number; device: Device | undefined }) {
  const navigate = useNavigate();
  const stored = useMemo(() => draftOf(device), [device]);
  const [draft, setDraft] = useState<Draft>(stored);
  const [localErrors, setLocalErrors] = useState<Record<string, string[]>>({});
  const save = useSaveDevice(id);
  const companies = useCompanyChoices(id === 0);
  const remove = useDeleteDevice();
  const dirty = JSON.stringify(draft) !== JSON.stringify(stored);
  useUnsavedChangesWarning(dirty && !save.isSuccess);
  // A new device opens as itself once saved: after the render that no longer counts it unsaved,
  // so the unsaved-changes guard lets the page change.
  const [createdId, setCreatedId] = useState<number | null>(null);
  useEffect(() => {
    if (createdId !== null) navigate(`/device/${createdId}`, { replace: true });
  }, [createdId, navigate]);
  const serverErrors = isApiError(save.error) ? save.error.fieldErrors : {};
  const error = (field: keyof Draft) =>
    (localErrors[field] ?? serverErrors[field])?.join(' ') || undefined;
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => {
    setDraft((current) => ({ ...current, [key]: value }));
    setLocalErrors(({ [key]: _dropped, ...rest }) => rest);
  };

  const submit = () => {
    const { company_id, ...fields } = draft;
    const parsed = DeviceBodySchema.safeParse({
      ...fields,
      app_version: draft.app_version.trim() || null,
      // A device stays in its company: only a new one names it.
      ...(id === 0 && company_id !== null ? { company_id } : {}),
    });
    if (!parsed.success) {
      const errors: Record<string, string[]> = {};
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0] ?? 'form');
        errors[field] = [...(errors[field] ?? []), issue.message];
      }
      setLocalErrors(errors);
      return;
    }
    save.mutate(parsed.data, {
      onSuccess: (saved) => {
        if (id === 0) setCreatedId(saved.id);
      },
    });
  };

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
      data-testid="device-form"
    >
      <Stack gap="sm" p="md" maw={560}>
        <Title order={3}>
          {id === 0 ? 'Dispozitiv nou' : `Dispozitiv ${device?.identifier ?? ''}`}
        </Title>
        {device && (
          <Text size="sm" c="dimmed" data-testid="device-last-seen">
            Văzut ultima dată: {formatDateTime(device.last_seen_at)}
            {device.app_version ? ` · aplicația ${device.app_version}` : ''}
          </Text>
        )}
        <TextInput
          label="Identificator"
          description="Cel trimis de aplicația șoferului (X-Device-Id)"
          required
          autoFocus={id === 0}
          value={draft.identifier}
          onChange={(event) => set('identifier', event.currentTarget.value)}
          error={error('identifier')}
          data-testid="device-identifier"
        />
        <Group grow align="flex-start">
          <TextInput
            label="Model"
            required
            value={draft.model}
            onChange={(event) => set('model', event.currentTarget.value)}
            error={error('model')}
            data-testid="device-model"
          />
          <Select
            label="Platformă"
            required
            allowDeselect={false}
            data={PLATFORM_OPTIONS}
            value={draft.platform}
            onChange={(value) => value && set('platform', value as DevicePlatform)}
            error={error('platform')}
            data-testid="device-platform"
            comboboxProps={{ withinPortal: false }}
          />
        </Group>
        <Group grow align="flex-start">
          <TextInput
            label="Versiune aplicație"
            value={draft.app_version}
            onChange={(event) => set('app_version', event.currentTarget.value)}
            error={error('app_version')}
            data-testid="device-app-version"
          />
          <DeviceDriverSelect
            value={draft.driver_id}
            current={device?.driver ?? null}
            onChange={(driverId) => set('driver_id', driverId)}
            error={error('driver_id')}
          />
        </Group>
        {id === 0 && (companies.data?.length ?? 0) > 1 && (
          <Select
            label="Companie"
            description="Implicit: compania șoferului"
            placeholder="Compania șoferului"
            clearable
            data={(companies.data ?? []).map((c) => ({ value: String(c.id), label: c.name }))}
            value={draft.company_id === null ? null : String(draft.company_id)}
            onChange={(value) => set('company_id', value === null ? null : Number(value))}
            error={error('company_id')}
            data-testid="device-company"
            comboboxProps={{ withinPortal: false }}
          />
        )}
        <Group justify="space-between" mt="xs">
          <Group gap="xs">
            <Button type="submit" loading={save.isPending} data-testid="device-save">
              Salvează
            </Button>
            <Button variant="default" onClick={() => navigate('/devices')}>
              Înapoi la listă
            </Button>
          </Group>
          {id > 0 && (
            <Button
              variant="subtle"
              color="red"
              loading={remove.isPending}
              data-testid="device-delete"
              onClick={() =>
                confirmAction('Ștergeți dispozitivul?', () =>
                  remove.mutate(id, { onSuccess: () => navigate('/devices') }),
                )
              }
            >
              Șterge
            </Button>
          )}
        </Group>
      </Stack>
    </form>
  );
}

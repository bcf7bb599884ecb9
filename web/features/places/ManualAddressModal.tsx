import { addPlace } from '@common/places/places.api';
import type { PlaceDetails } from '@common/places/places.schema';
import {
  Button,
  Group,
  Modal,
  NumberInput,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { api, isApiError } from '../../lib/api-client';
import { toastError, toastSuccess } from '../../lib/toast';
import { CompanyMarker } from '../../map/CompanyMarker';
import type { MapCenter } from '../../map/company-center';
import { MapView } from '../../map/MapView';
import { PinMarker } from '../../map/PinMarker';
import { MANUAL_ADDRESS_ZOOM } from '../../map/zoom';

interface ManualAddressModalProps {
  opened: boolean;
  initialName: string;
  center: MapCenter;
  onClose: () => void;
  onSaved: (place: PlaceDetails) => void;
}

interface Draft {
  name: string;
  /**
   * As the field holds it: NumberInput reports '47.160' or '47.' as a string while typing (to
   * keep the trailing zero or dot), so a number-only draft would wipe the field mid-typing.
   */
  lat: number | string;
  lng: number | string;
  bloc: string;
  scara: string;
  reper: string;
  comment: string;
}

/** A coordinate field's number; NaN while empty or half-typed ('-', '47.'). */
const coordinate = (value: number | string) =>
  typeof value === 'number' ? value : value.trim() === '' ? Number.NaN : Number(value);

/**
 * Manual address modal: an operator saves a place the search does not know
 * (POST /add-place, toast 'Adresa salvată'); errors are shown each with its field.
 * The place is set with the draggable map pin (zoom 15) or a click on the map, which
 * fill the coordinates; typed coordinates move the pin. Without WebGL the fields remain.
 */
export function ManualAddressModal({
  opened,
  initialName,
  center,
  onClose,
  onSaved,
}: ManualAddressModalProps) {
  const [draft, setDraft] = useState<Draft>({
    name: initialName,
    lat: '',
    lng: '',
    bloc: '',
    scara: '',
    reper: '',
    comment: '',
  });
  // The map opens on the company; it follows the pin after that, not this prop.
  const [mapCenter] = useState(() => ({ lat: center.lat, lng: center.lng }));
  const typed = { lat: coordinate(draft.lat), lng: coordinate(draft.lng) };
  const placed = Number.isFinite(typed.lat) && Number.isFinite(typed.lng);
  const pin = placed ? typed : mapCenter;
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) =>
    setDraft((prev) => ({ ...prev, [key]: value }));
  const fieldErrors = (error: unknown) => (isApiError(error) ? error.fieldErrors : {});

  const save = useMutation({
    mutationFn: () =>
      api(addPlace, {
        body: {
          name: draft.name.trim(),
          lat: typed.lat,
          lng: typed.lng,
          bloc: draft.bloc.trim() || null,
          scara: draft.scara.trim() || null,
          reper: draft.reper.trim() || null,
          comment: draft.comment.trim() || null,
        },
      }),
    onSuccess: (place) => {
      toastSuccess('Adresa salvată');
      onSaved(place);
      onClose();
    },
    onError: (error) => {
      const errors = fieldErrors(error);
      const entries = Object.entries(errors);
      if (entries.length === 0) toastError(error.message);
      for (const [field, messages] of entries)
        for (const message of messages) toastError(`${field}: ${message}`);
    },
  });
  const errors = fieldErrors(save.error);
  const missing = !draft.name.trim() || !placed;

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title="Adresă manuală"
      size="lg"
      data-testid="manual-address-modal"
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (!missing) save.mutate();
        }}
      >
        <Stack gap="sm">
          <TextInput
            label="Denumire"
            required
            autoFocus
            value={draft.name}
            error={errors.name?.join(' ')}
            onChange={(e) => set('name', e.currentTarget.value)}
            data-testid="manual-address-name"
          />
          <MapView
            center={mapCenter}
            zoom={MANUAL_ADDRESS_ZOOM}
            height={260}
            label="Harta adresei manuale"
            testId="manual-address-map"
          >
            {/* A landmark on a map that may have no basemap (offline): the company. */}
            <CompanyMarker center={mapCenter} />
            <PinMarker
              position={pin}
              placed={placed}
              onMove={(at) => setDraft((prev) => ({ ...prev, lat: at.lat, lng: at.lng }))}
            />
          </MapView>
          <Group align="flex-end" gap="xs" grow>
            <NumberInput
              label="Latitudine"
              required
              decimalScale={7}
              min={-90}
              max={90}
              value={draft.lat}
              error={errors.lat?.join(' ')}
              onChange={(v) => set('lat', v)}
              data-testid="manual-address-lat"
            />
            <NumberInput
              label="Longitudine"
              required
              decimalScale={7}
              min={-180}
              max={180}
              value={draft.lng}
              error={errors.lng?.join(' ')}
              onChange={(v) => set('lng', v)}
              data-testid="manual-address-lng"
            />
            <Button
              variant="default"
              onClick={() => setDraft((prev) => ({ ...prev, lat: center.lat, lng: center.lng }))}
              data-testid="manual-address-center"
            >
              Centrul companiei
            </Button>
          </Group>
          <Text size="xs" c="dimmed" mt={-6}>
            Trageți pinul sau faceți clic pe hartă; coordonatele tastate mută pinul.
          </Text>
          <SimpleGrid cols={3} spacing="xs">
            <TextInput
              label="Bloc"
              value={draft.bloc}
              onChange={(e) => set('bloc', e.currentTarget.value)}
            />
            <TextInput
              label="Scara"
              value={draft.scara}
              onChange={(e) => set('scara', e.currentTarget.value)}
            />
            <TextInput
              label="Reper"
              value={draft.reper}
              onChange={(e) => set('reper', e.currentTarget.value)}
            />
          </SimpleGrid>
          <TextInput
            label="Comentariu"
            value={draft.comment}
            onChange={(e) => set('comment', e.currentTarget.value)}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Renunță
            </Button>
            <Button
              type="submit"
              loading={save.isPending}
              disabled={missing}
              data-testid="manual-address-save"
            >
              Salvează adresa
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

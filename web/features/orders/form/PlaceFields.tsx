import { placeLabel } from '@common/orders/orders.rules';
import type { PlaceDetails } from '@common/places/places.schema';
import { ActionIcon, Badge, Box, Button, Group, Stack, TextInput, Tooltip } from '@mantine/core';
import { useCallback } from 'react';
import { Icon } from '../../../components/Icon';
import type { MapCenter } from '../../../map/company-center';
import { AddressSearch } from '../../places';
import type { PlaceDraft } from './order-form';

interface PlaceFieldsProps {
  index: number;
  place: PlaceDraft;
  center: MapCenter;
  error?: string;
  /** The address can be changed (a new order, or the edit toggle is on). */
  editable: boolean;
  /** The bloc/scara/reper/comment fields can be changed. */
  detailsEditable: boolean;
  canRemove: boolean;
  autoFocus?: boolean;
  onChange: (place: PlaceDraft) => void;
  onPick: (details: PlaceDetails) => void;
  onRemove: () => void;
  onBlockingChange: (key: string, blocking: boolean) => void;
  onManual: () => void;
  /** Existing orders: the address edit toggle. */
  editToggle?: { on: boolean; saving: boolean; onToggle: () => void; onSave: () => void };
}

/** One place A, B, C…: the address search and its bloc, scara, reper and comment. */
export function PlaceFields(props: PlaceFieldsProps) {
  const { index, place, onChange, onBlockingChange } = props;
  const letter = placeLabel(index);
  const blocking = useCallback(
    (value: boolean) => onBlockingChange(place.key, value),
    [onBlockingChange, place.key],
  );
  const set = (key: 'bloc' | 'scara' | 'reper' | 'comment', value: string) =>
    onChange({ ...place, [key]: value });

  return (
    <Stack gap={4} data-testid={`place-${letter}`}>
      <Group gap="xs" align="flex-start" wrap="nowrap">
        <Badge mt={6} circle size="lg" variant={place.lat !== null ? 'filled' : 'light'}>
          {letter}
        </Badge>
        <div style={{ flex: 1, minWidth: 0 }}>
          <AddressSearch
            label={`Adresa ${letter}`}
            value={place.name}
            center={props.center}
            error={props.error}
            disabled={!props.editable}
            autoFocus={props.autoFocus}
            testId={`place-${letter}-address`}
            onTextChange={(text) =>
              onChange({ ...place, name: text, place_id: null, lat: null, long: null })
            }
            onPick={props.onPick}
            onBlockingChange={blocking}
          />
        </div>
        <Group gap={2} mt={24} wrap="nowrap">
          {props.editable && (
            <Tooltip label="Adresă manuală">
              <ActionIcon
                variant="subtle"
                color="gray"
                aria-label={`Adresă manuală ${letter}`}
                onClick={props.onManual}
                data-testid={`place-${letter}-manual`}
              >
                <Icon name="map" size={16} />
              </ActionIcon>
            </Tooltip>
          )}
          {props.canRemove && (
            <Tooltip label="Elimină adresa">
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={`Elimină adresa ${letter}`}
                onClick={props.onRemove}
                data-testid={`place-${letter}-remove`}
              >
                ✕
              </ActionIcon>
            </Tooltip>
          )}
        </Group>
      </Group>
      {/* Bloc, scara and reper take a few characters; the comment gets the room, so its label
          stays on one line in the console's 440 px column. */}
      <Box
        pl={38}
        style={{
          display: 'grid',
          gridTemplateColumns: 'repeat(3, minmax(0, 1fr)) minmax(0, 1.6fr)',
          gap: 6,
        }}
      >
        {(
          [
            ['bloc', 'Bloc'],
            ['scara', 'Scara'],
            ['reper', 'Reper'],
            ['comment', `Comentariu ${letter}`],
          ] as const
        ).map(([key, label]) => (
          <TextInput
            key={key}
            size="xs"
            label={label}
            value={place[key]}
            disabled={!props.detailsEditable}
            onChange={(e) => set(key, e.currentTarget.value)}
          />
        ))}
      </Box>
      {props.editToggle && place.id !== null && (
        <Group gap="xs" pl={38}>
          <Button
            size="compact-xs"
            variant="subtle"
            onClick={props.editToggle.onToggle}
            data-testid={`place-${letter}-edit`}
          >
            {props.editToggle.on ? 'Renunță' : 'Editează adresa'}
          </Button>
          {props.editToggle.on && (
            <Button
              size="compact-xs"
              loading={props.editToggle.saving}
              disabled={place.lat === null}
              onClick={props.editToggle.onSave}
              data-testid={`place-${letter}-save`}
            >
              Salvează adresa
            </Button>
          )}
        </Group>
      )}
    </Stack>
  );
}

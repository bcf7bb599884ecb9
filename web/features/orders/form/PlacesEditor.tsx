import { normalizePhone } from '@common/lib/phone';
import type { Order } from '@common/orders/orders.schema';
import { Button, Group, Stack } from '@mantine/core';
import { Fragment } from 'react';
import type { MapCenter } from '../../../map/company-center';
import { SavedAddressesMenu } from '../../clients';
import type { OrderActions } from '../actions/use-order-actions';
import { FarPickupWarning } from './FarPickupWarning';
import { placeFromDetails, placeToInput } from './order-form';
import { PlaceFields } from './PlaceFields';
import type { OrderDraftState } from './use-order-draft';

interface PlacesEditorProps {
  form: OrderDraftState;
  order: Order | null;
  center: MapCenter;
  updatePlace: OrderActions['updatePlace'];
  onManual: (placeKey: string) => void;
}

/**
 * The order's places A, B, C…. A new order adds and removes them and can take a
 * client's saved address; a placed order changes each one through its edit toggle. The pickup
 * warns when the fleet cannot reach it.
 */
export function PlacesEditor({ form, order, center, updatePlace, onManual }: PlacesEditorProps) {
  const { draft, editable } = form;
  return (
    <Stack gap="xs">
      {draft.places.map((place, index) => (
        <Fragment key={place.key}>
          <PlaceFields
            index={index}
            place={place}
            center={center}
            error={form.errors[`places.${index}.name`]}
            editable={editable || form.isEditingPlace(place.key)}
            detailsEditable={editable || form.isEditingPlace(place.key)}
            canRemove={editable && draft.places.length > 1}
            onChange={(next) => form.setPlace(index, next)}
            onPick={(details) => form.setPlace(index, placeFromDetails(place, details))}
            onRemove={() => form.removePlace(index, place.key)}
            onBlockingChange={form.onBlockingChange}
            onManual={() => onManual(place.key)}
            editToggle={
              editable || !order
                ? undefined
                : {
                    on: form.isEditingPlace(place.key),
                    saving: updatePlace.isPending,
                    onToggle: () => form.togglePlaceEdit(place),
                    onSave: () => {
                      if (place.id === null) return;
                      updatePlace.mutate(
                        { id: order.id, placeId: place.id, place: placeToInput(place) },
                        { onSuccess: () => form.endPlaceEdit(place.key) },
                      );
                    },
                  }
            }
          />
          {index === 0 && <FarPickupWarning lat={place.lat} long={place.long} />}
        </Fragment>
      ))}
      {editable && (
        <Group gap="xs">
          <Button
            size="compact-sm"
            variant="subtle"
            onClick={form.addPlace}
            data-testid="place-add"
          >
            + Adaugă adresă
          </Button>
          <SavedAddressesMenu
            phone={normalizePhone(draft.phone)}
            onUse={form.fillFromSavedAddress}
          />
        </Group>
      )}
    </Stack>
  );
}

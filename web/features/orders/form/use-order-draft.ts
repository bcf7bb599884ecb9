import type { LoggedUser } from '@common/auth/auth.schema';
import { isEditable } from '@common/orders/orders.rules';
import type { Order } from '@common/orders/orders.schema';
import type { PlaceDetails } from '@common/places/places.schema';
import { useCallback, useMemo, useState } from 'react';
import type { Flavour } from '../../../lib/orders/labels';
import {
  draftFingerprint,
  draftFromOrder,
  emptyDraft,
  emptyPlace,
  type FormErrors,
  type OrderDraft,
  type PlaceDraft,
  placeFromDetails,
  placeFromSaved,
  serverErrorsToForm,
  validateDraft,
} from './order-form';

/** What a placed order lets the operator change and save one by one. */
type NameEdits = Partial<Pick<OrderDraft, 'comment' | 'client_name' | 'about_client'>>;

type SavedAddress = Parameters<typeof placeFromSaved>[1];

const without = <T extends object>(record: T, key: string): T => {
  const { [key]: _gone, ...rest } = record as Record<string, unknown>;
  return rest as T;
};

/**
 * The order form's state and its transitions, in two modes. A new order (or a saved
 * draft in state new) is editable: every change goes into one local draft. A placed order is
 * shown as the server has it, with the operator's pending edits on top: the comment, the
 * client's name and notes, and each address whose edit toggle is on.
 */
export function useOrderDraft(
  order: Order | null,
  flavour: Flavour,
  user: Pick<LoggedUser, 'companies'>,
) {
  const editable = order === null || isEditable(order);
  const [local, setLocal] = useState<OrderDraft>(() =>
    order ? draftFromOrder(order) : emptyDraft(flavour, user),
  );
  const [initial] = useState(() => draftFingerprint(local));
  const [edits, setEdits] = useState<NameEdits>({});
  const [placeEdits, setPlaceEdits] = useState<Record<string, PlaceDraft>>({});
  const [errors, setErrors] = useState<FormErrors>({});
  const [blockers, setBlockers] = useState<Record<string, boolean>>({});

  const serverView = useMemo(
    () => (order && !editable ? draftFromOrder(order) : null),
    [order, editable],
  );
  const draft: OrderDraft = serverView
    ? { ...serverView, ...edits, places: serverView.places.map((p) => placeEdits[p.key] ?? p) }
    : local;

  const clearError = (key: string) =>
    setErrors((prev) => (key in prev ? without(prev, key) : prev));

  const update = (patch: Partial<OrderDraft>) => {
    if (editable) setLocal((prev) => ({ ...prev, ...patch }));
    else setEdits((prev) => ({ ...prev, ...patch }));
    for (const key of Object.keys(patch)) clearError(key);
  };

  const setPlace = (index: number, place: PlaceDraft) => {
    clearError(`places.${index}.name`);
    if (editable) {
      setLocal((prev) => ({
        ...prev,
        places: prev.places.map((p, i) => (i === index ? place : p)),
      }));
    } else {
      setPlaceEdits((prev) => ({ ...prev, [place.key]: place }));
    }
  };

  const onBlockingChange = useCallback(
    (key: string, value: boolean) =>
      setBlockers((prev) => (Boolean(prev[key]) === value ? prev : { ...prev, [key]: value })),
    [],
  );

  return {
    editable,
    draft,
    errors,
    /** Some address list is open: placing waits. */
    blocking: Object.values(blockers).some(Boolean),
    /** The local draft differs from how it started (the unsaved-changes warning). */
    changed: draftFingerprint(local) !== initial,
    /** A placed order's comment differs from the saved one. */
    commentEdited:
      !editable &&
      order !== null &&
      edits.comment !== undefined &&
      edits.comment !== (order.comment ?? ''),
    /** A placed order's client name or notes differ from the saved ones. */
    clientEdited:
      !editable &&
      order !== null &&
      ((edits.client_name !== undefined &&
        edits.client_name !== (order.client_name ?? order.name ?? '')) ||
        (edits.about_client !== undefined && edits.about_client !== (order.about_client ?? ''))),
    update,
    setPlace,
    onBlockingChange,

    addPlace: () => setLocal((prev) => ({ ...prev, places: [...prev.places, emptyPlace()] })),
    removePlace: (index: number, key: string) => {
      setLocal((prev) => ({ ...prev, places: prev.places.filter((_, i) => i !== index) }));
      // A removed place's open list no longer blocks placing.
      setBlockers((prev) => without(prev, key));
      setErrors({});
    },
    /** A client's saved address into the first place. */
    fillFromSavedAddress: (saved: SavedAddress) => {
      const first = draft.places[0];
      if (first) setPlace(0, placeFromSaved(first, saved));
    },
    /** A client's saved address into the place at `index` (his last one, from the phone). */
    fillPlaceFromSaved: (index: number, saved: SavedAddress) => {
      const target = draft.places[index];
      if (target) setPlace(index, placeFromSaved(target, saved));
    },
    /** An address entered by hand (the manual address modal) into the place with this key. */
    setPlaceDetails: (key: string, details: PlaceDetails) => {
      const index = draft.places.findIndex((p) => p.key === key);
      const target = draft.places[index];
      if (target) setPlace(index, placeFromDetails(target, details));
    },

    /** A placed order's address whose edit toggle is on. */
    isEditingPlace: (key: string) => key in placeEdits,
    togglePlaceEdit: (place: PlaceDraft) =>
      setPlaceEdits((prev) =>
        place.key in prev ? without(prev, place.key) : { ...prev, [place.key]: place },
      ),
    endPlaceEdit: (key: string) => setPlaceEdits((prev) => without(prev, key)),
    endCommentEdit: () => setEdits((prev) => without(prev, 'comment')),
    endClientEdit: () => setEdits(({ comment }) => (comment === undefined ? {} : { comment })),

    /** True when the draft can be placed; otherwise its fields show why. */
    validate: (): boolean => {
      const found = validateDraft(draft, flavour);
      setErrors(found);
      return Object.keys(found).length === 0;
    },
    /** The server's field errors on the form's fields. */
    showServerErrors: (fieldErrors: Record<string, string[]>) =>
      setErrors(serverErrorsToForm(fieldErrors, draft)),
  };
}

export type OrderDraftState = ReturnType<typeof useOrderDraft>;

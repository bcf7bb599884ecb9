import type { LatLong } from '@common/zones/zones.rules';
import type { Polygon, Stand } from '@common/zones/zones.schema';
import type { Polygon as GeoPolygon, Point } from 'geojson';
import { useState } from 'react';
import { isApiError } from '../../lib/api-client';
import type { FieldErrors } from '../../lib/form/field-errors';
import { toastApiError, toastError, toastSuccess } from '../../lib/toast';
import { UNSAVED_CHANGES_MESSAGE } from '../../lib/use-unsaved-changes-warning';
import type { DrawTask } from './map/DrawLayer';
import { useDeletePolygon, useDeleteStand, useSavePolygon, useSaveStand } from './use-zones';
import {
  emptyStandDraft,
  emptyZoneDraft,
  onFormFields,
  SHOWN_FIELDS,
  type StandDraft,
  type StandShape,
  standDirty,
  standDraftOf,
  validateStand,
  validateZone,
  type ZoneDraft,
  zoneDirty,
  zoneDraftOf,
} from './zone-form';
import { labelPoint, pathsToPolygon, polygonToPaths, roundDegrees } from './zone-geometry';

interface Common {
  /** Null for a shape not saved yet. */
  id: number | null;
  /** Bumped to draw the shape again from scratch (terra-draw starts over). */
  generation: number;
  /** The shape terra-draw loads for editing; null to draw one. */
  initial: GeoPolygon | Point | null;
  /** A save was tried: every field's message shows, not only the outline's. */
  attempted: boolean;
  /** The server's field errors of the last save, each dropped when its field changes. */
  serverErrors: FieldErrors;
}

export type Editing =
  | (Common & { kind: 'zone'; draft: ZoneDraft; saved: ZoneDraft })
  | (Common & { kind: 'stand'; draft: StandDraft; saved: StandDraft });

const pointOf = (at: LatLong): Point => ({
  type: 'Point',
  coordinates: [roundDegrees(at.long), roundDegrees(at.lat)],
});

const fresh = { generation: 0, attempted: false, serverErrors: {} };

function zoneEditing(zone: Polygon | null): Editing {
  const draft = zone ? zoneDraftOf(zone) : emptyZoneDraft();
  return {
    ...fresh,
    kind: 'zone',
    id: zone?.id ?? null,
    draft,
    saved: draft,
    initial: zone ? pathsToPolygon(draft.paths) : null,
  };
}

/** The shape terra-draw edits for a stand draft: its point, or its outline. */
function standShapeOf(draft: StandDraft): GeoPolygon | Point | null {
  if (draft.shape === 'outline') return draft.paths.length > 0 ? pathsToPolygon(draft.paths) : null;
  return draft.point ? pointOf(draft.point) : null;
}

function standEditing(stand: Stand | null): Editing {
  const draft = stand ? standDraftOf(stand) : emptyStandDraft();
  return {
    ...fresh,
    kind: 'stand',
    id: stand?.id ?? null,
    draft,
    saved: draft,
    initial: standShapeOf(draft),
  };
}

export const isDirty = (editing: Editing | null): boolean => {
  if (!editing) return false;
  return editing.kind === 'zone'
    ? zoneDirty(editing.draft, editing.saved)
    : standDirty(editing.draft, editing.saved);
};

/** Whether the shape is still to be drawn (the map's hint and Esc say so). */
export const isDrawing = (editing: Editing | null): boolean => {
  if (!editing) return false;
  if (editing.kind === 'zone') return editing.draft.paths.length === 0;
  return editing.draft.shape === 'outline'
    ? editing.draft.paths.length === 0
    : editing.draft.point === null;
};

/** The terra-draw task of an edit (DrawLayer); the key changes only when it must start over. */
export function drawTaskOf(editing: Editing | null): DrawTask | null {
  if (!editing) return null;
  const geometry =
    editing.kind === 'zone' || editing.draft.shape === 'outline' ? 'polygon' : 'point';
  return {
    key: `${editing.kind}:${editing.id ?? 'new'}:${geometry}:${editing.generation}`,
    geometry,
    initial: editing.initial,
  };
}

/**
 * The messages on the form: the outline's (or the point's) at once, since the map shows what
 * is wrong with it; the other fields' after a save was tried. The server's, where it sent any.
 */
export function visibleErrors(editing: Editing): FieldErrors {
  const check =
    editing.kind === 'zone' ? validateZone(editing.draft) : validateStand(editing.draft);
  const client = check.ok ? {} : check.errors;
  const shown: FieldErrors = {};
  for (const [field, messages] of Object.entries(client)) {
    const shape = field === 'paths' || field === 'point';
    if (editing.attempted || (shape && !isDrawing(editing))) shown[field] = messages;
  }
  for (const [field, messages] of Object.entries(editing.serverErrors)) {
    shown[field] = [...new Set([...messages, ...(shown[field] ?? [])])];
  }
  return shown;
}

/** Asks before a dirty edit is dropped (the user is warned about unsaved changes). */
const mayDiscard = (editing: Editing | null) =>
  !isDirty(editing) || window.confirm(UNSAVED_CHANGES_MESSAGE);

/**
 * The zone and stand editor's state: at most one zone or stand is edited at a
 * time, new or saved. Drafts are validated by the shared zod schemas before any request;
 * the server's field errors land on the same fields.
 */
export function useZoneEditor() {
  const [editing, setEditing] = useState<Editing | null>(null);
  const savePolygon = useSavePolygon();
  const saveStand = useSaveStand();
  const removePolygon = useDeletePolygon();
  const removeStand = useDeleteStand();

  const start = (next: Editing | null) => {
    if (!mayDiscard(editing)) return false;
    savePolygon.reset();
    saveStand.reset();
    setEditing(next);
    return true;
  };

  const setZone = (change: Partial<ZoneDraft>) =>
    setEditing((e) => {
      if (e?.kind !== 'zone') return e;
      const serverErrors = { ...e.serverErrors };
      for (const field of Object.keys(change)) delete serverErrors[field];
      return { ...e, draft: { ...e.draft, ...change }, serverErrors };
    });

  const setStand = (change: Partial<StandDraft>) =>
    setEditing((e) => {
      if (e?.kind !== 'stand') return e;
      const serverErrors = { ...e.serverErrors };
      for (const field of Object.keys(change)) delete serverErrors[field];
      if ('point' in change || 'paths' in change || 'shape' in change) delete serverErrors.point;
      return { ...e, draft: { ...e.draft, ...change }, serverErrors };
    });

  /** A drawn or edited shape from the map. */
  const setGeometry = (geometry: GeoPolygon | Point) => {
    if (geometry.type === 'Polygon') {
      const paths = polygonToPaths(geometry);
      if (editing?.kind === 'zone') setZone({ paths });
      else setStand({ paths });
      return;
    }
    const [long = 0, lat = 0] = geometry.coordinates;
    setStand({ point: { lat: roundDegrees(lat), long: roundDegrees(long) } });
  };

  /** Draw the shape again from scratch. */
  const redraw = () =>
    setEditing((e) => {
      if (!e) return e;
      const common = { generation: e.generation + 1, initial: null };
      if (e.kind === 'zone') return { ...e, ...common, draft: { ...e.draft, paths: [] } };
      return { ...e, ...common, draft: { ...e.draft, paths: [], point: null } };
    });

  /** A radius stand or an outline stand: the map draws the other kind of shape. */
  const setStandShape = (shape: StandShape) =>
    setEditing((e) => {
      if (e?.kind !== 'stand' || e.draft.shape === shape) return e;
      // Going to a radius keeps the stand where its outline was.
      const point =
        shape === 'radius' ? (e.draft.point ?? labelPoint(e.draft.paths)) : e.draft.point;
      const draft: StandDraft = { ...e.draft, shape, point };
      return {
        ...e,
        draft,
        generation: e.generation + 1,
        initial: standShapeOf(draft),
        serverErrors: {},
      };
    });

  const onSaveError = (error: Error) =>
    setEditing((e) => {
      if (!e) return e;
      const fields = isApiError(error) ? onFormFields(error.fieldErrors) : {};
      if (Object.keys(fields).length === 0) toastApiError(error);
      // A message no field of this form shows is a toast.
      const shown: readonly string[] = SHOWN_FIELDS[e.kind];
      const onFields: FieldErrors = {};
      for (const [field, messages] of Object.entries(fields)) {
        if (shown.includes(field)) onFields[field] = messages;
        else for (const message of messages) toastError(message);
      }
      return { ...e, attempted: true, serverErrors: onFields };
    });

  const save = () => {
    if (!editing) return;
    if (editing.kind === 'zone') {
      const check = validateZone(editing.draft);
      if (!check.ok) return setEditing({ ...editing, attempted: true });
      savePolygon.mutate(
        { id: editing.id, body: check.body },
        {
          onSuccess: (zone) => {
            toastSuccess('Salvat cu succes!');
            const next = zoneEditing(zone);
            // Same zone: terra-draw keeps it selected; a new one is loaded under its id.
            setEditing(
              editing.id === zone.id
                ? { ...next, initial: editing.initial, generation: editing.generation }
                : next,
            );
          },
          onError: onSaveError,
        },
      );
      return;
    }
    const check = validateStand(editing.draft);
    if (!check.ok) return setEditing({ ...editing, attempted: true });
    saveStand.mutate(
      { id: editing.id, body: check.body },
      {
        onSuccess: (stand) => {
          toastSuccess('Salvat cu succes!');
          const next = standEditing(stand);
          setEditing(
            editing.id === stand.id
              ? { ...next, initial: editing.initial, generation: editing.generation }
              : next,
          );
        },
        onError: onSaveError,
      },
    );
  };

  /** After the 'Remove?' confirmation: delete, toast 'Șters!', close the editor. */
  const remove = () => {
    if (!editing || editing.id === null) return;
    const mutation = editing.kind === 'zone' ? removePolygon : removeStand;
    mutation.mutate(editing.id, {
      onSuccess: () => {
        toastSuccess('Șters!');
        setEditing(null);
      },
      onError: (error) => toastApiError(error),
    });
  };

  return {
    editing,
    dirty: isDirty(editing),
    drawing: isDrawing(editing),
    saving: savePolygon.isPending || saveStand.isPending,
    deleting: removePolygon.isPending || removeStand.isPending,
    newZone: () => start(zoneEditing(null)),
    newStand: () => start(standEditing(null)),
    editZone: (zone: Polygon) =>
      editing?.kind === 'zone' && editing.id === zone.id ? true : start(zoneEditing(zone)),
    editStand: (stand: Stand) =>
      editing?.kind === 'stand' && editing.id === stand.id ? true : start(standEditing(stand)),
    /** Esc and 'Renunță': a dirty edit asks first. */
    cancel: () => start(null),
    setZone,
    setStand,
    setStandShape,
    setGeometry,
    redraw,
    save,
    remove,
  };
}

export type ZoneEditor = ReturnType<typeof useZoneEditor>;

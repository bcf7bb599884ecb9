import type { LatLong } from '@common/zones/zones.rules';
import {
  type Polygon,
  type PolygonBody,
  PolygonBodySchema,
  STAND_RADIUS_M,
  type Stand,
  type StandBody,
  StandBodySchema,
} from '@common/zones/zones.schema';
import { type FieldErrors, zodFieldErrors } from '../../lib/form/field-errors';
import { labelPoint, roundDegrees } from './zone-geometry';

/** A zone as the form holds it. NumberInput reports '' or '4.' while typing: kept as typed. */
export interface ZoneDraft {
  name: string;
  isVisible: boolean;
  priority: number | string;
  paths: LatLong[];
}

export type StandShape = 'radius' | 'outline';

export interface StandDraft {
  name: string;
  shape: StandShape;
  /** The stand's point; null until it is placed on the map. Outline stands use the outline's middle. */
  point: LatLong | null;
  radius: number | string;
  paths: LatLong[];
}

/** A new stand's radius: a rank of a few cars. */
export const DEFAULT_STAND_RADIUS_M = 50;

export const emptyZoneDraft = (): ZoneDraft => ({
  name: '',
  isVisible: true,
  priority: 0,
  paths: [],
});

export const zoneDraftOf = (zone: Polygon): ZoneDraft => ({
  name: zone.name,
  isVisible: zone.isVisible,
  priority: zone.priority,
  paths: zone.paths.map((p) => ({ lat: roundDegrees(p.lat), long: roundDegrees(p.long) })),
});

export const emptyStandDraft = (shape: StandShape = 'radius'): StandDraft => ({
  name: '',
  shape,
  point: null,
  radius: DEFAULT_STAND_RADIUS_M,
  paths: [],
});

export const standDraftOf = (stand: Stand): StandDraft => ({
  name: stand.name,
  shape: stand.paths ? 'outline' : 'radius',
  point: { lat: roundDegrees(stand.lat), long: roundDegrees(stand.long) },
  radius: stand.radius ?? DEFAULT_STAND_RADIUS_M,
  paths: (stand.paths ?? []).map((p) => ({ lat: roundDegrees(p.lat), long: roundDegrees(p.long) })),
});

/** A typed number field: '' and half-typed text are not numbers (the schema then refuses them). */
const numberOf = (value: number | string): number =>
  typeof value === 'number' ? value : value.trim() === '' ? Number.NaN : Number(value);

/** The request body of a zone draft, before validation (POST and PATCH send all of it). */
export const zoneBody = (draft: ZoneDraft) => ({
  name: draft.name,
  isVisible: draft.isVisible,
  priority: numberOf(draft.priority),
  paths: draft.paths,
});

/**
 * The request body of a stand draft. A radius stand sends its point and radius; an outline
 * stand its outline, with the outline's middle as its point (where cars are sent and distances
 * are measured from).
 */
export function standBody(draft: StandDraft) {
  const outline = draft.shape === 'outline';
  const point = outline ? labelPoint(draft.paths) : draft.point;
  return {
    name: draft.name,
    lat: point?.lat ?? Number.NaN,
    long: point?.long ?? Number.NaN,
    radius: outline ? null : numberOf(draft.radius),
    paths: outline ? draft.paths : null,
  };
}

/** Where the form shows a message: the outline and the point have no input of their own. */
function fieldOf(path: readonly PropertyKey[]): string {
  const [head] = path;
  if (head === 'paths') return 'paths';
  if (head === 'lat' || head === 'long') return 'point';
  return typeof head === 'string' && head !== '' ? head : 'form';
}

/**
 * Field errors (the client's check or the server's `{errors: {field: [messages]}}`) on the
 * form's fields, each message once: `paths.3.lat` belongs to the outline, `lat`/`long` to the
 * stand's point.
 */
export function onFormFields(errors: FieldErrors): FieldErrors {
  const mapped: FieldErrors = {};
  for (const [key, messages] of Object.entries(errors)) {
    const field = fieldOf(key.split('.'));
    mapped[field] = [...new Set([...(mapped[field] ?? []), ...messages])];
  }
  return mapped;
}

export const ZONE_OUTLINE_MISSING = 'Desenați zona pe hartă.';

/** The shared zod schema's verdict on a zone draft (the server runs the same one). */
export function validateZone(
  draft: ZoneDraft,
): { ok: true; body: PolygonBody } | { ok: false; errors: FieldErrors } {
  const parsed = PolygonBodySchema.safeParse(zoneBody(draft));
  if (parsed.success) return { ok: true, body: parsed.data };
  const errors = onFormFields(zodFieldErrors(parsed.error));
  if (draft.paths.length === 0) errors.paths = [ZONE_OUTLINE_MISSING];
  return { ok: false, errors };
}

export const STAND_POINT_MISSING = 'Faceți clic pe hartă pentru a așeza stația.';
export const STAND_OUTLINE_MISSING = 'Desenați conturul stației pe hartă.';
/** The radius field's hint (StandBodySchema's bounds). */
export const STAND_RADIUS_HINT = `${STAND_RADIUS_M.min}–${STAND_RADIUS_M.max} m`;

/**
 * The shared zod schema's verdict on a stand draft, with the two things the schema cannot say
 * in words a user acts on: the point is not placed yet, or the outline is not drawn yet.
 */
export function validateStand(
  draft: StandDraft,
): { ok: true; body: StandBody } | { ok: false; errors: FieldErrors } {
  const parsed = StandBodySchema.safeParse(standBody(draft));
  if (parsed.success) return { ok: true, body: parsed.data };
  const errors = onFormFields(zodFieldErrors(parsed.error));
  if (draft.shape === 'radius' && !draft.point) errors.point = [STAND_POINT_MISSING];
  if (draft.shape === 'outline' && draft.paths.length === 0) {
    errors.paths = [STAND_OUTLINE_MISSING];
    delete errors.point;
  }
  return { ok: false, errors };
}

/** The fields a zone's and a stand's form show messages on; any other message is a toast. */
export const SHOWN_FIELDS = {
  zone: ['name', 'priority', 'paths'],
  stand: ['name', 'radius', 'paths', 'point'],
} as const;

/** Whether the draft differs from what was saved (the unsaved-changes warning). */
export function zoneDirty(draft: ZoneDraft, saved: ZoneDraft): boolean {
  return JSON.stringify(zoneBody(draft)) !== JSON.stringify(zoneBody(saved));
}

export function standDirty(draft: StandDraft, saved: StandDraft): boolean {
  return JSON.stringify(standBody(draft)) !== JSON.stringify(standBody(saved));
}

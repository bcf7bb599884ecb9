import { ZONE_NO_AREA, ZONE_SELF_INTERSECTS, ZONE_TOO_FEW_POINTS } from '@common/zones/zones.rules';
import { STAND_SHAPE_REQUIRED } from '@common/zones/zones.schema';
import { describe, expect, it } from 'vitest';
import {
  emptyStandDraft,
  emptyZoneDraft,
  onFormFields,
  STAND_OUTLINE_MISSING,
  STAND_POINT_MISSING,
  standBody,
  validateStand,
  validateZone,
  ZONE_OUTLINE_MISSING,
  type ZoneDraft,
  zoneDirty,
} from './zone-form';

const square = [
  { lat: 47.16, long: 27.58 },
  { lat: 47.16, long: 27.6 },
  { lat: 47.17, long: 27.6 },
  { lat: 47.17, long: 27.58 },
];
/** The corners of a square visited crosswise: two edges cross in the middle. */
const bowTie = [square[0], square[2], square[1], square[3]] as typeof square;

const zone = (overrides: Partial<ZoneDraft> = {}): ZoneDraft => ({
  ...emptyZoneDraft(),
  name: 'Centru',
  paths: square,
  ...overrides,
});

describe('zone form validation (the shared PolygonBodySchema and zones.rules.ts)', () => {
  it('accepts a named square and gives the request body', () => {
    const check = validateZone(zone({ name: '  Centru  ', priority: 5, isVisible: false }));
    expect(check).toEqual({
      ok: true,
      body: { name: 'Centru', isVisible: false, priority: 5, paths: square },
    });
  });

  it('refuses a self-intersecting outline with the rule’s message', () => {
    expect(validateZone(zone({ paths: bowTie }))).toEqual({
      ok: false,
      errors: { paths: [ZONE_SELF_INTERSECTS] },
    });
  });

  it('refuses corners on one line and too few corners', () => {
    const line = [square[0], { lat: 47.165, long: 27.59 }, square[2]] as typeof square;
    expect(validateZone(zone({ paths: line }))).toMatchObject({
      errors: { paths: [ZONE_NO_AREA] },
    });
    expect(validateZone(zone({ paths: square.slice(0, 2) }))).toMatchObject({
      errors: { paths: [ZONE_TOO_FEW_POINTS] },
    });
  });

  it('asks for a drawing when there is no outline at all', () => {
    expect(validateZone(zone({ paths: [] }))).toMatchObject({
      errors: { paths: [ZONE_OUTLINE_MISSING] },
    });
  });

  it('requires a name and a priority of 0–100', () => {
    const check = validateZone(zone({ name: '   ', priority: 101 }));
    expect(check.ok).toBe(false);
    if (check.ok) return;
    expect(check.errors.name).toEqual(['Numele zonei este obligatoriu.']);
    expect(check.errors.priority).toEqual(['Valoarea maximă este 100.']);
    const blank = validateZone(zone({ priority: '' }));
    expect(blank.ok ? [] : blank.errors.priority).toHaveLength(1);
  });

  it('tells a changed draft from the saved one', () => {
    expect(zoneDirty(zone(), zone())).toBe(false);
    expect(zoneDirty(zone({ name: 'Nord' }), zone())).toBe(true);
    expect(zoneDirty(zone({ paths: bowTie }), zone())).toBe(true);
    // NumberInput's '5' and 5 are the same priority.
    expect(zoneDirty(zone({ priority: '5' }), zone({ priority: 5 }))).toBe(false);
  });
});

describe('stand form validation (the shared StandBodySchema)', () => {
  const point = { lat: 47.165, long: 27.59 };

  it('sends a radius stand as its point and radius', () => {
    const check = validateStand({ ...emptyStandDraft(), name: 'Gară', point, radius: 80 });
    expect(check).toEqual({
      ok: true,
      body: { name: 'Gară', lat: 47.165, long: 27.59, radius: 80, paths: null },
    });
  });

  it('asks for the point to be placed, and keeps the radius within 10–1000 m', () => {
    const check = validateStand({ ...emptyStandDraft(), name: 'Gară', radius: 5 });
    expect(check.ok).toBe(false);
    if (check.ok) return;
    expect(check.errors.point).toEqual([STAND_POINT_MISSING]);
    expect(check.errors.radius).toEqual(['Valoarea minimă este 10.']);
  });

  it('sends an outline stand with the outline’s middle as its point', () => {
    const draft = { ...emptyStandDraft('outline'), name: 'Piață', paths: square };
    expect(standBody(draft)).toEqual({
      name: 'Piață',
      lat: 47.165,
      long: 27.59,
      radius: null,
      paths: square,
    });
    expect(validateStand(draft).ok).toBe(true);
  });

  it('asks for an outline to be drawn, and refuses a crossed one', () => {
    const missing = validateStand({ ...emptyStandDraft('outline'), name: 'Piață' });
    expect(missing).toEqual({ ok: false, errors: { paths: [STAND_OUTLINE_MISSING] } });
    const crossed = validateStand({ ...emptyStandDraft('outline'), name: 'Piață', paths: bowTie });
    expect(crossed).toMatchObject({ ok: false, errors: { paths: [ZONE_SELF_INTERSECTS] } });
  });
});

describe('server field errors ({errors: {field: [messages]}})', () => {
  it('puts each message on the field that shows it', () => {
    expect(
      onFormFields({
        name: ['Există deja o zonă cu acest nume.'],
        'paths.2.lat': ['Latitudine invalidă.'],
        paths: [ZONE_SELF_INTERSECTS],
        lat: ['Latitudine invalidă.'],
        radius: [STAND_SHAPE_REQUIRED],
        '': ['Cererea a eșuat.'],
      }),
    ).toEqual({
      name: ['Există deja o zonă cu acest nume.'],
      paths: ['Latitudine invalidă.', ZONE_SELF_INTERSECTS],
      point: ['Latitudine invalidă.'],
      radius: [STAND_SHAPE_REQUIRED],
      form: ['Cererea a eșuat.'],
    });
  });
});

import { describe, expect, it } from 'vitest';
import { DRIVER_CIRCLE_M, driversMapZoom, MANUAL_ADDRESS_ZOOM } from './zoom';

describe('map zoom (SPEC §9: default 13, 7 for user 1, 15 for manual address)', () => {
  it('opens the drivers map at 13, and at country level (7) for user 1 (SPEC §6)', () => {
    expect(driversMapZoom(42)).toBe(13);
    expect(driversMapZoom(2)).toBe(13);
    expect(driversMapZoom(1)).toBe(7);
  });

  it('opens the manual address map at 15', () => {
    expect(MANUAL_ADDRESS_ZOOM).toBe(15);
  });

  it('draws the driver circle at 1500 m', () => {
    expect(DRIVER_CIRCLE_M).toBe(1500);
  });
});

import { describe, expect, it } from 'vitest';
import { driverFeatures, filterDrivers, followedCenter, type MapDriver } from './drivers';

const driver = (id: number, indicativ: string | null): MapDriver => ({
  id,
  indicativ,
  lat: 47 + id / 1000,
  lng: 27.6,
  status: 'free',
});
const DRIVERS = [driver(101, '101'), driver(112, '112'), driver(230, 'B30'), driver(7, null)];

describe('drivers map search by indicator', () => {
  it('keeps every driver for a blank search', () => {
    expect(filterDrivers(DRIVERS, '  ')).toHaveLength(4);
  });

  it('matches part of the call sign, any case', () => {
    expect(filterDrivers(DRIVERS, '1').map((d) => d.id)).toEqual([101, 112]);
    expect(filterDrivers(DRIVERS, 'b3').map((d) => d.id)).toEqual([230]);
    expect(filterDrivers([], '1')).toEqual([]);
  });

  it('follows the single driver the filter leaves, and no one otherwise', () => {
    expect(followedCenter(filterDrivers(DRIVERS, 'B30'))).toEqual({ lat: 47.23, lng: 27.6 });
    expect(followedCenter(filterDrivers(DRIVERS, '1'))).toBeNull();
    expect(followedCenter([])).toBeNull();
  });

  it('labels each marker with the call sign (the user id without one), at [lng, lat]', () => {
    const features = driverFeatures([driver(6, '101'), driver(7, null)]).features;
    expect(features[0]).toMatchObject({
      id: 6,
      properties: { label: '101', status: 'free' },
      geometry: { coordinates: [27.6, 47.006] },
    });
    expect(features[1]?.properties.label).toBe('7');
  });
});

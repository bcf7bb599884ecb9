import { FALLBACK_MAP_CENTER } from '@common/lib/geo';
import { describe, expect, it } from 'vitest';
import { companyCenter } from './company-center';

describe('companyCenter (fallback map centre)', () => {
  it('uses the company coordinates when it has them', () => {
    expect(companyCenter({ lat: 47.16, lng: 27.58 })).toEqual({
      lat: 47.16,
      lng: 27.58,
      isFallback: false,
    });
  });

  it('falls back when a coordinate is missing, or there is no company', () => {
    const fallback = { ...FALLBACK_MAP_CENTER, isFallback: true };
    expect(companyCenter({ lat: null, lng: null })).toEqual(fallback);
    expect(companyCenter({ lat: 47.16, lng: null })).toEqual(fallback);
    expect(companyCenter(null)).toEqual(fallback);
  });

  it('keeps a real 0 coordinate', () => {
    expect(companyCenter({ lat: 0, lng: 0 })).toMatchObject({ lat: 0, lng: 0, isFallback: false });
  });
});

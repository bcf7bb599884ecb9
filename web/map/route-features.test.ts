import { describe, expect, it } from 'vitest';
import { routeFeatures, routeHasMap } from './route-features';

const A = { lat: 47.1585, long: 27.6014 };
const B = { lat: 47.1745, long: 27.5712 };
const C = { lat: 47.1402, long: 27.6125 };

describe('routeFeatures (route with A/B map markers)', () => {
  it('labels places A, B, C in order, start and end apart from the stops', () => {
    const { markers } = routeFeatures([A, B, C]);
    expect(markers.features.map((f) => f.properties)).toEqual([
      { label: 'A', role: 'start' },
      { label: 'B', role: 'stop' },
      { label: 'C', role: 'end' },
    ]);
    // GeoJSON is [lng, lat]: the wire's long first (never swap).
    expect(markers.features[0]?.geometry.coordinates).toEqual([27.6014, 47.1585]);
  });

  it('draws one line through the places in order', () => {
    const { line } = routeFeatures([A, B, C]);
    expect(line.features).toHaveLength(1);
    expect(line.features[0]?.geometry.coordinates).toEqual([
      [27.6014, 47.1585],
      [27.5712, 47.1745],
      [27.6125, 47.1402],
    ]);
  });

  it('fits the bounds of the places', () => {
    expect(routeFeatures([A, B, C]).bounds).toEqual([
      [27.5712, 47.1402],
      [27.6125, 47.1745],
    ]);
  });

  it('skips a place without coordinates but keeps the others their letters', () => {
    const { markers, line } = routeFeatures([A, { lat: 0, long: 0 }, C]);
    expect(markers.features.map((f) => f.properties.label)).toEqual(['A', 'C']);
    expect(line.features[0]?.geometry.coordinates).toHaveLength(2);
  });

  it('has a marker but no line for one place', () => {
    const { markers, line, bounds } = routeFeatures([A]);
    expect(markers.features).toHaveLength(1);
    expect(line.features).toEqual([]);
    expect(bounds).toEqual([
      [27.6014, 47.1585],
      [27.6014, 47.1585],
    ]);
  });

  it('shows no map when no place has coordinates', () => {
    expect(routeHasMap([])).toBe(false);
    expect(
      routeHasMap([
        { lat: 0, long: 0 },
        { lat: null, long: null },
      ]),
    ).toBe(false);
    expect(routeHasMap([{ lat: 0, long: 0 }, B])).toBe(true);
    expect(routeFeatures([]).bounds).toBeNull();
  });
});

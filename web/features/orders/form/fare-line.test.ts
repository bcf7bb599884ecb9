import type { FareEstimate } from '@common/money/tariffs.schema';
import { describe, expect, it } from 'vitest';
import { fareEstimateText, fixedPriceText } from './fare-line';

const estimate = (overrides: Partial<FareEstimate> = {}): FareEstimate => ({
  cost: 3219,
  source: 'estimate',
  distance_m: 7300,
  duration_s: 810,
  routed: true,
  percent: 100,
  minimum_applied: false,
  zone_price_id: null,
  ...overrides,
});

describe('the fare line', () => {
  it('gives the fare, the distance and the minutes of the planned route', () => {
    expect(fareEstimateText(estimate())).toBe('Tarif estimat: 32,19 RON · 7,3 km · 14 min');
  });

  it('says what changed the meter: a surcharge, the minimum, a guessed route', () => {
    expect(fareEstimateText(estimate({ cost: 4185, percent: 130 }))).toBe(
      'Tarif estimat: 41,85 RON · 7,3 km · 14 min · adaos 130%',
    );
    expect(
      fareEstimateText(
        estimate({ cost: 1200, distance_m: 800, duration_s: 120, minimum_applied: true }),
      ),
    ).toBe('Tarif estimat: 12,00 RON · 0,8 km · 2 min · minim');
    expect(fareEstimateText(estimate({ routed: false }))).toBe(
      'Tarif estimat: 32,19 RON · 7,3 km · 14 min · estimat în linie dreaptă',
    );
  });

  it('names a zone price, which neither surcharge nor minimum touches', () => {
    expect(
      fareEstimateText(estimate({ cost: 4500, source: 'zone', percent: 130, zone_price_id: 4 })),
    ).toBe('Tarif estimat: 45,00 RON · 7,3 km · 14 min · preț fix zonă');
  });

  it('says a typed price as the fixed price', () => {
    expect(fixedPriceText(4000)).toBe('Preț fix: 40,00 RON');
  });

  it('puts what the client pays with a discount next to the fare', () => {
    expect(fareEstimateText(estimate(), 2897)).toBe(
      'Tarif estimat: 32,19 RON · cu reducere 28,97 RON · 7,3 km · 14 min',
    );
    expect(fixedPriceText(4000, 3500)).toBe('Preț fix: 40,00 RON · cu reducere 35,00 RON');
  });
});

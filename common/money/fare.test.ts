import { describe, expect, it } from 'vitest';
import { inWindow, meteredFare, surchargeAt } from './fare';

const METER = { start_fee: 500, per_km: 280, per_minute: 50, minimum_fare: 1200 };
// Bucharest is UTC+2 in winter: 22:30 local on Friday 27.11.2026 is 20:30 UTC.
const at = (utc: string) => new Date(`${utc}Z`);

describe('the metered fare', () => {
  it('adds the start fee, the kilometres and the minutes, rounded once to whole bani', () => {
    // 5 + 7.3 km × 2.80 + 13.5 min × 0.50 = 5 + 20.44 + 6.75 = 32.19 RON
    expect(meteredFare(METER, { distance_m: 7300, duration_s: 810 }).cost).toBe(3219);
    // Half a ban rounds up: 500 + 0.5 (1.79 m at 2.80 RON/km), no minimum.
    const half = meteredFare(
      { ...METER, minimum_fare: 0 },
      { distance_m: 1000 / 560, duration_s: 0 },
    );
    expect(half.cost).toBe(501);
  });

  it('charges the minimum fare when the meter is under it, and says so', () => {
    const short = meteredFare(METER, { distance_m: 800, duration_s: 120 });
    expect(short.cost).toBe(1200);
    expect(short.breakdown.minimum_applied).toBe(true);
  });

  it('multiplies by the surcharge before rounding', () => {
    // 3219.0 × 1.5 = 4828.5 → 4829
    expect(meteredFare(METER, { distance_m: 7300, duration_s: 810 }, 150).cost).toBe(4829);
  });

  it('never counts a negative distance or duration', () => {
    expect(
      meteredFare({ ...METER, minimum_fare: 0 }, { distance_m: -5, duration_s: -9 }).cost,
    ).toBe(500);
  });
});

describe('surcharge windows, in Bucharest time', () => {
  const night = { days: [1, 2, 3, 4, 5, 6, 7], time_from: '22:00', time_to: '06:00', percent: 130 };
  const weekend = { days: [6, 7], time_from: '00:00', time_to: '23:59', percent: 120 };

  it('runs past midnight into the next day', () => {
    expect(inWindow(night, at('2026-11-27T20:30:00'))).toBe(true); // Fri 22:30
    expect(inWindow(night, at('2026-11-28T03:59:00'))).toBe(true); // Sat 05:59
    expect(inWindow(night, at('2026-11-28T04:00:00'))).toBe(false); // Sat 06:00
    expect(inWindow(night, at('2026-11-27T19:59:00'))).toBe(false); // Fri 21:59
  });

  it('counts the small hours to the day the window started', () => {
    const fridayNight = { ...night, days: [5] };
    expect(inWindow(fridayNight, at('2026-11-27T23:00:00'))).toBe(true); // Sat 01:00
    expect(inWindow(fridayNight, at('2026-11-28T23:00:00'))).toBe(false); // Sun 01:00
  });

  it('takes the highest window that applies, 100 when none', () => {
    expect(surchargeAt([night, weekend], at('2026-11-28T21:00:00'))).toBe(130); // Sat 23:00
    expect(surchargeAt([night, weekend], at('2026-11-28T10:00:00'))).toBe(120); // Sat 12:00
    expect(surchargeAt([night, weekend], at('2026-11-26T10:00:00'))).toBe(100); // Thu 12:00
  });

  it('follows summer time (UTC+3)', () => {
    // Wed 01.07.2026 22:30 in Bucharest is 19:30 UTC.
    expect(inWindow(night, at('2026-07-01T19:30:00'))).toBe(true);
    expect(inWindow(night, at('2026-07-01T18:30:00'))).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import {
  bucharestMoment,
  firstMatching,
  intervalMatches,
  type MatchableInterval,
} from './interval-match';
import { CreateIntervalBodySchema, intervalProblems } from './search-config.schema';

const weekdays = (
  time_from: string,
  time_to: string,
  selected_day: number | null = null,
): MatchableInterval => ({
  type: 'weekdays',
  value: { time_from, time_to, selected_day, custom_day: null },
});
const custom = (custom_day: string, time_from = '00:00:00', time_to = '23:59:59') => ({
  type: 'custom',
  value: { time_from, time_to, selected_day: null, custom_day },
});

/** UTC ms of a UTC wall-clock text. */
const at = (utc: string) => Date.parse(`${utc.replace(' ', 'T')}Z`);

describe('bucharestMoment (weekday 1 = Monday … 7 = Sunday)', () => {
  it('reads the Bucharest wall clock, in summer (UTC+3) and winter (UTC+2)', () => {
    // 2026-07-06 is a Monday.
    expect(bucharestMoment(at('2026-07-06 08:30:15'))).toEqual({
      date: '2026-07-06',
      weekday: 1,
      time: '11:30:15',
    });
    // 2026-01-11 is a Sunday.
    expect(bucharestMoment(at('2026-01-11 10:00:00'))).toEqual({
      date: '2026-01-11',
      weekday: 7,
      time: '12:00:00',
    });
  });

  it('crosses midnight into the next Bucharest day before UTC does', () => {
    // Sunday 22:30 UTC in summer is Monday 01:30 in Bucharest.
    expect(bucharestMoment(at('2026-07-05 22:30:00'))).toEqual({
      date: '2026-07-06',
      weekday: 1,
      time: '01:30:00',
    });
  });
});

describe('intervalMatches (Search interval)', () => {
  const monday = { date: '2026-07-06', weekday: 1, time: '11:30:00' };

  it('includes both ends of the time window', () => {
    expect(intervalMatches(weekdays('11:30:00', '12:00:00'), monday)).toBe(true);
    expect(intervalMatches(weekdays('08:00:00', '11:30:00'), monday)).toBe(true);
    expect(intervalMatches(weekdays('11:30:01', '12:00:00'), monday)).toBe(false);
    expect(intervalMatches(weekdays('08:00:00', '11:29:59'), monday)).toBe(false);
    // The default window covers the last second of the day.
    expect(intervalMatches(weekdays('00:00:00', '23:59:59'), { ...monday, time: '23:59:59' })).toBe(
      true,
    );
  });

  it('a weekdays interval matches its weekday, or every day when none is chosen', () => {
    expect(intervalMatches(weekdays('00:00:00', '23:59:59', 1), monday)).toBe(true);
    expect(intervalMatches(weekdays('00:00:00', '23:59:59', 2), monday)).toBe(false);
    expect(intervalMatches(weekdays('00:00:00', '23:59:59', null), monday)).toBe(true);
    expect(intervalMatches(weekdays('00:00:00', '23:59:59', 7), { ...monday, weekday: 7 })).toBe(
      true,
    );
  });

  it('a custom interval matches its date only, within its window', () => {
    expect(intervalMatches(custom('2026-07-06'), monday)).toBe(true);
    expect(intervalMatches(custom('2026-07-07'), monday)).toBe(false);
    expect(intervalMatches(custom('2026-07-06', '12:00:00', '13:00:00'), monday)).toBe(false);
  });

  it('the first matching interval in the given order wins', () => {
    const list = [
      { id: 1, ...weekdays('00:00:00', '08:00:00') },
      { id: 2, ...custom('2026-07-06') },
      { id: 3, ...weekdays('00:00:00', '23:59:59') },
    ];
    expect(firstMatching(list, monday)?.id).toBe(2);
    expect(firstMatching([...list].reverse(), monday)?.id).toBe(3);
    expect(firstMatching(list.slice(0, 1), monday)).toBeUndefined();
  });
});

describe('interval rules', () => {
  it('time_from before time_to; custom needs its day', () => {
    const value = {
      time_from: '10:00:00',
      time_to: '09:00:00',
      selected_day: null,
      custom_day: null,
    };
    expect(intervalProblems('custom', value)).toEqual({
      'value.time_to': ['Ora de început trebuie să fie înaintea orei de sfârșit.'],
      'value.custom_day': ['Alegeți ziua pentru un interval personalizat.'],
    });
    expect(intervalProblems('weekdays', { ...value, time_to: '10:00:01' })).toEqual({});
  });

  it('a new interval defaults to every day 00:00:00–23:59:59; HH:mm gets :00', () => {
    expect(CreateIntervalBodySchema.parse({})).toEqual({
      type: 'weekdays',
      value: { time_from: '00:00:00', time_to: '23:59:59', selected_day: null, custom_day: null },
    });
    expect(
      CreateIntervalBodySchema.parse({ value: { time_from: '07:30', time_to: '09:00' } }).value,
    ).toMatchObject({ time_from: '07:30:00', time_to: '09:00:00' });
  });
});

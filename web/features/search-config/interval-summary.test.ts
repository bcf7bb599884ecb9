import type { SearchInterval } from '@common/dispatch/search-config.schema';
import { DEFAULT_SEARCH_ITEM } from '@common/dispatch/search-method.schema';
import { describe, expect, it } from 'vitest';
import {
  daysLabel,
  limitUnit,
  move,
  stepErrors,
  stepsLabel,
  TIME_OF_DAY_FORMAT,
  windowLabel,
} from './interval-summary';

const interval = (
  overrides: Partial<SearchInterval['value']> = {},
  type: 'weekdays' | 'custom' = 'weekdays',
): SearchInterval => ({
  id: 1,
  search_method_id: 2,
  company_id: 3,
  type,
  position: 0,
  value: {
    time_from: '00:00:00',
    time_to: '23:59:59',
    selected_day: null,
    custom_day: null,
    ...overrides,
  },
  search_method: {
    id: 2,
    definitions: {
      items: [DEFAULT_SEARCH_ITEM, { ...DEFAULT_SEARCH_ITEM, search_type: 'by_radius' }],
    },
  },
});

describe('builder row labels (Search-method builder)', () => {
  it('names the day: every day, a weekday (1 = Monday), a custom date', () => {
    expect(daysLabel(interval())).toBe('În fiecare zi');
    expect(daysLabel(interval({ selected_day: 1 }))).toBe('Luni');
    expect(daysLabel(interval({ selected_day: 7 }))).toBe('Duminică');
    expect(daysLabel(interval({ custom_day: '2026-12-24' }, 'custom'))).toBe('24.12.2026');
  });

  it('shows the window, and the steps in order', () => {
    expect(windowLabel(interval().value)).toBe('00:00 – 23:59:59');
    expect(windowLabel(interval({ time_from: '07:30:00', time_to: '09:00:00' }).value)).toBe(
      '07:30 – 09:00',
    );
    expect(windowLabel(interval({ time_from: '07:30:15', time_to: '09:00:00' }).value)).toBe(
      '07:30:15 – 09:00:00',
    );
    expect(stepsLabel(interval())).toBe('În zona comenzii → Pe rază');
    expect(limitUnit('by_radius')).toBe('metri');
    expect(limitUnit('by_zone')).toBe('șoferi');
  });

  it('moves an element, and picks one step’s errors', () => {
    expect(move([1, 2, 3, 4], 3, 0)).toEqual([4, 1, 2, 3]);
    expect(move([1, 2, 3], 0, 2)).toEqual([2, 3, 1]);
    expect(
      stepErrors(
        {
          'definitions.items.1.search_time': ['Prea mic.'],
          'definitions.items.0.search_type': ['x'],
        },
        1,
      ),
    ).toEqual({ search_time: 'Prea mic.' });
  });

  it('types a time of day as HH:mm:ss', () => {
    expect(TIME_OF_DAY_FORMAT.mask('0730')).toBe('07:30');
    expect(TIME_OF_DAY_FORMAT.mask('073015x9')).toBe('07:30:15');
    expect(TIME_OF_DAY_FORMAT.parse('07:30')).toBe('07:30:00');
    expect(TIME_OF_DAY_FORMAT.parse('23:59:59')).toBe('23:59:59');
    expect(TIME_OF_DAY_FORMAT.parse('24:00')).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import {
  formatDateInput,
  maskDateInput,
  maskTimeInput,
  parseDateInput,
  parseTimeInput,
  shiftDate,
  shiftTime,
} from './date-input';

describe('the date field (DD.MM.YYYY whatever the browser locale)', () => {
  it('puts the dots in as the digits come, never before', () => {
    expect(maskDateInput('2')).toBe('2');
    expect(maskDateInput('26')).toBe('26');
    expect(maskDateInput('261')).toBe('26.1');
    expect(maskDateInput('2611')).toBe('26.11');
    expect(maskDateInput('26112026')).toBe('26.11.2026');
    expect(maskDateInput('261120261')).toBe('26.11.2026');
    // Backspace over a dot: the dot stays away.
    expect(maskDateInput('26.11')).toBe('26.11');
    expect(maskDateInput('26.1')).toBe('26.1');
  });

  it('takes typed separators and one-digit days and months', () => {
    expect(maskDateInput('1.1.2026')).toBe('1.1.2026');
    expect(maskDateInput('1.5.2026')).toBe('1.05.2026');
    expect(maskDateInput('1/5/2026')).toBe('1.05.2026');
    expect(maskDateInput('4')).toBe('04');
    expect(maskDateInput('045')).toBe('04.05');
    expect(maskDateInput('26.')).toBe('26.');
    expect(maskDateInput('..26')).toBe('26');
    expect(maskDateInput('ab26x11')).toBe('26.11');
  });

  it('reads a complete date as YYYY-MM-DD, and nothing else', () => {
    expect(parseDateInput('26.11.2026')).toBe('2026-11-26');
    expect(parseDateInput('1.5.2026')).toBe('2026-05-01');
    expect(parseDateInput('29.02.2028')).toBe('2028-02-29');
    expect(parseDateInput('29.02.2026')).toBeNull();
    expect(parseDateInput('31.04.2026')).toBeNull();
    expect(parseDateInput('00.01.2026')).toBeNull();
    expect(parseDateInput('12.13.2026')).toBeNull();
    expect(parseDateInput('26.11.202')).toBeNull();
    expect(parseDateInput('26.11')).toBeNull();
    expect(parseDateInput('')).toBeNull();
  });

  it('shows a stored value as DD.MM.YYYY', () => {
    expect(formatDateInput('2026-11-26')).toBe('26.11.2026');
    expect(formatDateInput('')).toBe('');
  });

  it('moves a day with the arrow keys, across months and years', () => {
    expect(shiftDate('2026-11-30', 1)).toBe('2026-12-01');
    expect(shiftDate('2027-01-01', -1)).toBe('2026-12-31');
    expect(shiftDate('', 1)).toBeNull();
  });
});

describe('the time field (HH:mm, 24 h)', () => {
  it('puts the colon in as the digits come', () => {
    expect(maskTimeInput('1')).toBe('1');
    expect(maskTimeInput('21')).toBe('21');
    expect(maskTimeInput('213')).toBe('21:3');
    expect(maskTimeInput('2130')).toBe('21:30');
    expect(maskTimeInput('21305')).toBe('21:30');
    expect(maskTimeInput('21:30')).toBe('21:30');
    expect(maskTimeInput('21:')).toBe('21:');
  });

  it('takes a first digit above 2 as the hour, and 9h5 or 9.05 as typed', () => {
    expect(maskTimeInput('9')).toBe('09');
    expect(maskTimeInput('930')).toBe('09:30');
    expect(maskTimeInput('9h05')).toBe('09:05');
    expect(maskTimeInput('9.05')).toBe('09:05');
    expect(maskTimeInput('0907')).toBe('09:07');
  });

  it('reads HH:mm, H:mm and a bare hour; refuses what is not a time of day', () => {
    expect(parseTimeInput('21:30')).toBe('21:30');
    expect(parseTimeInput('9:05')).toBe('09:05');
    expect(parseTimeInput('09')).toBe('09:00');
    expect(parseTimeInput('00:00')).toBe('00:00');
    expect(parseTimeInput('23:59')).toBe('23:59');
    expect(parseTimeInput('24:00')).toBeNull();
    expect(parseTimeInput('12:60')).toBeNull();
    expect(parseTimeInput('12:5')).toBeNull();
    expect(parseTimeInput('09:30 PM')).toBeNull();
    expect(parseTimeInput('')).toBeNull();
  });

  it('moves minutes with the arrow keys, round the clock', () => {
    expect(shiftTime('09:59', 1)).toBe('10:00');
    expect(shiftTime('23:55', 10)).toBe('00:05');
    expect(shiftTime('00:03', -5)).toBe('23:58');
    expect(shiftTime('', 1)).toBeNull();
  });
});

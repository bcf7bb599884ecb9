import { describe, expect, it } from 'vitest';
import { chartWindow } from './chart-window';

describe('the dashboard chart ranges', () => {
  it('draws the last month and the last six months day by day', () => {
    expect(chartWindow('1m', '2026-03-31', null)).toEqual({
      from: '2026-03-01',
      granularity: 'day',
    });
    expect(chartWindow('1m', '2026-03-15', null)).toEqual({
      from: '2026-02-16',
      granularity: 'day',
    });
    expect(chartWindow('6m', '2026-11-26', null)).toEqual({
      from: '2026-05-27',
      granularity: 'day',
    });
  });

  it('draws the last twelve months by month', () => {
    expect(chartWindow('year', '2026-11-26', null)).toEqual({
      from: '2025-12-01',
      granularity: 'month',
    });
    expect(chartWindow('year', '2026-03-31', null).from).toBe('2025-04-01');
  });

  it('starts the year to date on 1 January, by day early in the year, by month later', () => {
    expect(chartWindow('ytd', '2026-02-10', null)).toEqual({
      from: '2026-01-01',
      granularity: 'day',
    });
    expect(chartWindow('ytd', '2026-11-26', null)).toEqual({
      from: '2026-01-01',
      granularity: 'month',
    });
  });

  it('shows everything since the first order, or today alone when there is none', () => {
    expect(chartWindow('all', '2026-11-26', '2024-05-17')).toEqual({
      from: '2024-05-01',
      granularity: 'month',
    });
    expect(chartWindow('all', '2026-11-26', null)).toEqual({
      from: '2026-11-26',
      granularity: 'day',
    });
  });
});

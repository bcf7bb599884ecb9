import type { DispatchTrace } from '@common/dispatch/dispatch.schema';
import { describe, expect, it } from 'vitest';
import {
  formatDistance,
  formatTrace,
  methodText,
  skipReasonLabel,
  traceClock,
} from './trace-format';

const item = {
  search_type: 'by_zone',
  search_time: 6,
  search_limit: 50,
  search_order_by: 'by_distance',
  notification_method: 'all',
  exclude_previous: false,
  ban_conditions: {
    active: false,
    type: 'ban',
    drivers: { from: 1, to: 1 },
    count: 5,
    reset_interval: 60,
  },
};

// 09:00:01 UTC in January = 11:00:01 in Bucharest (UTC+2).
const trace: DispatchTrace = {
  plan: { method_id: 1, interval_id: 2 },
  entries: [
    {
      generation: 1,
      step: 0,
      kind: 'step',
      at: '2026-01-10 09:00:01',
      details: {
        item,
        zone_id: 3,
        stand_id: null,
        custom: false,
        offered: [
          {
            driver_id: 7,
            indicativ: '101',
            distance_m: 420,
            route_m: null,
            skipped: null,
            rank: 1,
          },
          {
            driver_id: 8,
            indicativ: null,
            distance_m: 1540,
            route_m: null,
            skipped: null,
            rank: 2,
          },
        ],
        skipped: [
          { driver_id: 9, indicativ: '103', distance_m: 300, route_m: null, skipped: 'busy' },
          { driver_id: 10, indicativ: '104', distance_m: null, route_m: null, skipped: 'paused' },
        ],
        skipped_count: 5,
      },
    },
    {
      generation: 1,
      step: 0,
      kind: 'viewed',
      at: '2026-01-10 09:00:02',
      details: { driver_id: 7 },
    },
    {
      generation: 1,
      step: 0,
      kind: 'refused',
      at: '2026-01-10 09:00:03',
      details: { driver_id: 8 },
    },
    {
      generation: 1,
      step: 0,
      kind: 'nobody',
      at: '2026-01-10 09:00:07',
      details: { offered: 2, refused: 1 },
    },
    { generation: 1, step: 1, kind: 'exhausted', at: '2026-01-10 09:00:07', details: {} },
  ],
};

describe('trace formatting', () => {
  it('shows times as HH:mm:ss in Bucharest, whatever form the server sends', () => {
    expect(traceClock('2026-01-10 09:00:01')).toBe('11:00:01');
    expect(traceClock('2026-07-10T09:00:01.000Z')).toBe('12:00:01');
    expect(traceClock(String(Date.UTC(2026, 0, 10, 9, 0, 1)))).toBe('11:00:01');
    expect(traceClock('nonsense')).toBe('—');
  });

  it('writes distances in metres, then kilometres with a decimal comma', () => {
    expect(formatDistance(420)).toBe('420 m');
    expect(formatDistance(1540)).toBe('1,5 km');
    expect(formatDistance(null)).toBeNull();
  });

  it('labels skip reasons in Romanian and keeps an unknown one', () => {
    expect(skipReasonLabel('busy')).toBe('ocupat');
    expect(skipReasonLabel('refused_before')).toBe('a refuzat-o');
    expect(skipReasonLabel('new_reason')).toBe('new_reason');
  });

  it('describes the step method', () => {
    expect(methodText(item)).toBe(
      'În zona comenzii · După distanță · Toți deodată · 6 s · max. 50 șoferi',
    );
    expect(methodText({ nope: 1 })).toBeNull();
  });

  it('groups entries by step with offered, skipped and the decisions', () => {
    const blocks = formatTrace(trace, (id) => (id === 3 ? 'Copou' : null));
    expect(blocks).toHaveLength(2);
    const [first, second] = blocks;
    expect(first).toMatchObject({ step: 1, time: '11:00:01', zone: 'Copou', skippedCount: 5 });
    expect(first?.offered).toEqual([
      { driverId: 7, label: '101', rank: 1, distance: '420 m' },
      { driverId: 8, label: '#8', rank: 2, distance: '1,5 km' },
    ]);
    expect(first?.skipped.map((s) => `${s.label}: ${s.reason}`)).toEqual([
      '103: ocupat',
      '104: în pauză',
    ]);
    expect(first?.skippedByReason).toEqual([
      { reason: 'ocupat', labels: ['103'] },
      { reason: 'în pauză', labels: ['104'] },
    ]);
    // A later entry with only the driver's id gets the call sign the step recorded.
    expect(first?.events.map((e) => e.text)).toEqual([
      '101 a văzut oferta',
      '#8 a refuzat',
      'Nimeni confirmat în acest pas · 2 oferte, 1 refuz',
    ]);
    expect(second).toMatchObject({ step: 2, method: null });
    expect(second?.events[0]?.text).toBe('Pașii s-au terminat: șoferii nu au fost găsiți');
  });

  it('drops a view once the driver answers, and groups the skipped by reason', () => {
    const step = (skipped: [number, string, string][]) => ({
      generation: 1,
      step: 0,
      kind: 'step' as const,
      at: '2026-01-10 09:00:01',
      details: {
        item,
        offered: [{ driver_id: 7, indicativ: '101', distance_m: 420, rank: 1 }],
        skipped: skipped.map(([driver_id, indicativ, reason]) => ({
          driver_id,
          indicativ,
          distance_m: 100,
          skipped: reason,
        })),
        skipped_count: 6,
      },
    });
    const at = (second: number) => `2026-01-10 09:00:0${second}`;
    const blocks = formatTrace({
      plan: null,
      entries: [
        step([
          [9, '103', 'busy'],
          [10, '104', 'paused'],
          [11, '105', 'busy'],
        ]),
        { generation: 1, step: 0, kind: 'viewed', at: at(2), details: { driver_id: 7 } },
        { generation: 1, step: 0, kind: 'viewed', at: at(2), details: { driver_id: 8 } },
        { generation: 1, step: 0, kind: 'accepted', at: at(3), details: { driver_id: 7 } },
      ],
    });
    expect(blocks[0]?.events.map((e) => e.text)).toEqual(['#8 a văzut oferta', '101 a acceptat']);
    expect(blocks[0]?.skippedByReason).toEqual([
      { reason: 'ocupat', labels: ['103', '105'] },
      { reason: 'în pauză', labels: ['104'] },
    ]);
    expect(blocks[0]?.skippedCount).toBe(6);
  });

  it('shows the confirmed driver with his minutes', () => {
    const blocks = formatTrace({
      plan: null,
      entries: [
        {
          generation: 1,
          step: 0,
          kind: 'confirmed',
          at: '2026-01-10 09:00:07',
          details: { driver_id: 7, indicativ: '101', minutes: 3, rank: 1 },
        },
      ],
    });
    expect(blocks[0]?.events[0]).toMatchObject({
      text: '101 confirmat · 3 min până la client',
      tone: 'green',
    });
  });
});

import { SOFTPHONE_LINES } from '@common/calls/calls.schema';
import { describe, expect, it } from 'vitest';
import { type CallKeyInput, callKeyAction } from './call-keys';
import { fKeyOf, fKeysByOrder, freeLines, type Line, type LineState } from './lines';

let seq = 0;
const line = (state: LineState, orderId: number | null = null): Line => {
  seq += 1;
  return {
    id: `call-${seq}`,
    direction: 'incoming',
    phone: `+4072200000${seq % 10}`,
    displayName: null,
    state,
    orderId,
    arrivedAt: seq,
    answeredAt: state === 'active' || state === 'held' ? seq : null,
    missedCallId: null,
  };
};

const press = (key: string, extra: Partial<CallKeyInput> = {}): CallKeyInput => ({
  key,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  inField: false,
  spaceAnswers: false,
  ...extra,
});

describe('lines (15 lines)', () => {
  it('counts every call in progress against the 15 lines', () => {
    expect(freeLines([])).toBe(SOFTPHONE_LINES);
    expect(freeLines([line('ringing'), line('answering'), line('active'), line('held')])).toBe(11);
    expect(freeLines(Array.from({ length: 16 }, () => line('ringing')))).toBe(0);
  });

  it('numbers F-keys over the live calls only, in arrival order, up to F9', () => {
    const first = line('held', 1);
    const ringing = line('ringing');
    const second = line('active', 2);
    const lines = [first, ringing, second];
    expect(fKeyOf(lines, first.id)).toBe('F1');
    expect(fKeyOf(lines, second.id)).toBe('F2');
    expect(fKeyOf(lines, ringing.id)).toBeNull();
    const ten = Array.from({ length: 10 }, (_, i) => line('held', 100 + i));
    expect(fKeyOf(ten, ten[8]?.id ?? '')).toBe('F9');
    expect(fKeyOf(ten, ten[9]?.id ?? '')).toBeNull();
    expect([...fKeysByOrder(lines)]).toEqual([
      [1, 'F1'],
      [2, 'F2'],
    ]);
  });
});

describe('call keys', () => {
  it('answers the oldest ringing call with the answer key, F1 having precedence over hold', () => {
    const live = line('active', 1);
    const older = line('ringing');
    const newer = line('ringing');
    const lines = [live, older, newer];
    expect(callKeyAction(press('F1'), lines, 'F1')).toEqual({ kind: 'answer', lineId: older.id });
    // With the backtick chosen, F1 is line 1's hold key and the backtick answers (even typing).
    expect(callKeyAction(press('F1'), lines, '`')).toEqual({ kind: 'toggleHold', lineId: live.id });
    expect(callKeyAction(press('`', { inField: true }), lines, '`')).toEqual({
      kind: 'answer',
      lineId: older.id,
    });
    // Nothing rings: the backtick is a character again, F1 the first call's hold key.
    expect(callKeyAction(press('`'), [live], '`')).toBeNull();
    expect(callKeyAction(press('F1'), [live], 'F1')).toEqual({
      kind: 'toggleHold',
      lineId: live.id,
    });
  });

  it('toggles hold on the nth live call; F6 only with a 6th call, else the call-sign search', () => {
    const lines = Array.from({ length: 5 }, (_, i) => line(i === 0 ? 'active' : 'held', i + 1));
    expect(callKeyAction(press('F3'), lines, 'F1')).toEqual({
      kind: 'toggleHold',
      lineId: lines[2]?.id,
    });
    expect(callKeyAction(press('F6'), lines, 'F1')).toBeNull();
    const six = [...lines, line('held', 6)];
    expect(callKeyAction(press('F6'), six, 'F1')).toEqual({
      kind: 'toggleHold',
      lineId: six[5]?.id,
    });
    // F5 without a 5th call is still the softphone's: a reload would drop every call.
    expect(callKeyAction(press('F5'), lines.slice(0, 2), 'F1')).toEqual({ kind: 'reserved' });
    expect(callKeyAction(press('F5', { ctrlKey: true }), lines, 'F1')).toBeNull();
  });

  it('ends the active call with Esc, never a held one', () => {
    const held = line('held', 1);
    const active = line('active', 2);
    expect(callKeyAction(press('Escape'), [held, active], 'F1')).toEqual({
      kind: 'end',
      lineId: active.id,
    });
    expect(callKeyAction(press('Escape'), [held], 'F1')).toBeNull();
  });

  it('answers with Space on /operator/v2 only, and never while typing', () => {
    const ringing = line('ringing');
    expect(callKeyAction(press(' ', { spaceAnswers: true }), [ringing], 'F1')).toEqual({
      kind: 'answer',
      lineId: ringing.id,
    });
    expect(callKeyAction(press(' '), [ringing], 'F1')).toBeNull();
    expect(
      callKeyAction(press(' ', { spaceAnswers: true, inField: true }), [ringing], 'F1'),
    ).toBeNull();
    expect(callKeyAction(press(' ', { spaceAnswers: true }), [], 'F1')).toBeNull();
  });
});

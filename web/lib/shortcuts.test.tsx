import { fireEvent, render, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  describeKeys,
  type KeyInput,
  matchShortcuts,
  SHORTCUTS,
  type ShortcutId,
  useShortcuts,
} from './shortcuts';

const press = (key: string, extra: Partial<KeyInput> = {}): KeyInput => ({
  key,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  inField: false,
  ...extra,
});
const all = new Set<ShortcutId>(SHORTCUTS.map((s) => s.id));

describe('shortcuts table', () => {
  it('has one row per id, each with keys and a label', () => {
    const ids = SHORTCUTS.map((s) => s.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const s of SHORTCUTS) {
      expect(s.keys.length).toBeGreaterThan(0);
      expect(s.label).not.toBe('');
    }
  });

  it('documents the keys as the spec names them', () => {
    const keysOf = (id: ShortcutId) => {
      const row = SHORTCUTS.find((s) => s.id === id);
      if (!row) throw new Error(id);
      return describeKeys(row);
    };
    expect(keysOf('placeOrder')).toBe('Ctrl+Enter');
    expect(keysOf('callSignSearch')).toBe('F6');
    expect(keysOf('openQuickOrder')).toBe('+');
    expect(keysOf('closeQuickOrder')).toBe('-');
    expect(keysOf('answerCall')).toBe('F1 / `');
    expect(keysOf('acceptFirstPendingCall')).toBe('Space');
    expect(keysOf('endCall')).toBe('Escape');
  });

  it('matches Ctrl+Enter (and ⌘+Enter) even while typing, but not a bare Enter', () => {
    expect(matchShortcuts(press('Enter', { ctrlKey: true, inField: true }), all)).toEqual([
      'placeOrder',
    ]);
    expect(matchShortcuts(press('Enter', { metaKey: true }), all)).toEqual(['placeOrder']);
    expect(matchShortcuts(press('Enter'), all)).toEqual([]);
  });

  it("keeps '+', '-' and Space for typing when focus is in a field", () => {
    expect(matchShortcuts(press('+'), all)).toEqual(['openQuickOrder']);
    expect(matchShortcuts(press('+', { inField: true }), all)).toEqual([]);
    expect(matchShortcuts(press('-', { inField: true }), all)).toEqual([]);
    expect(matchShortcuts(press(' ', { inField: true }), all)).toEqual([]);
  });

  it('only matches enabled ids, ignores Alt combinations and Ctrl on plain keys', () => {
    expect(matchShortcuts(press('F6'), new Set<ShortcutId>(['placeOrder']))).toEqual([]);
    expect(matchShortcuts(press('F6', { altKey: true }), all)).toEqual([]);
    expect(matchShortcuts(press('+', { ctrlKey: true }), all)).toEqual([]);
    expect(matchShortcuts(press('F6', { inField: true }), all)).toEqual([
      'callSignSearch',
      'toggleHold',
    ]);
  });
});

function ShortcutScreen({ onOpen }: { onOpen: () => void }) {
  useShortcuts({ openQuickOrder: onOpen });
  return <input aria-label="Telefon" />;
}

describe('useShortcuts', () => {
  afterEach(() => vi.restoreAllMocks());

  it('calls the handler of a bound shortcut and prevents the default action', () => {
    const place = vi.fn();
    renderHook(() => useShortcuts({ placeOrder: place }));
    const event = new KeyboardEvent('keydown', { key: 'Enter', ctrlKey: true, cancelable: true });
    window.dispatchEvent(event);
    expect(place).toHaveBeenCalledOnce();
    expect(event.defaultPrevented).toBe(true);
  });

  it('ignores keys typed into a field for shortcuts that do not apply there', () => {
    const open = vi.fn();
    const { getByLabelText } = render(<ShortcutScreen onOpen={open} />);
    fireEvent.keyDown(getByLabelText('Telefon'), { key: '+' });
    expect(open).not.toHaveBeenCalled();
    fireEvent.keyDown(document.body, { key: '+' });
    expect(open).toHaveBeenCalledOnce();
  });

  it('uses the newest handler, binds nothing when disabled, unbinds on unmount', () => {
    const first = vi.fn();
    const second = vi.fn();
    const { rerender, unmount } = renderHook(
      ({ handler, enabled }) => useShortcuts({ callSignSearch: handler }, enabled),
      { initialProps: { handler: first, enabled: true } },
    );
    rerender({ handler: second, enabled: true });
    fireEvent.keyDown(window, { key: 'F6' });
    expect(first).not.toHaveBeenCalled();
    expect(second).toHaveBeenCalledOnce();
    rerender({ handler: second, enabled: false });
    fireEvent.keyDown(window, { key: 'F6' });
    expect(second).toHaveBeenCalledOnce();
    rerender({ handler: second, enabled: true });
    unmount();
    fireEvent.keyDown(window, { key: 'F6' });
    expect(second).toHaveBeenCalledOnce();
  });
});

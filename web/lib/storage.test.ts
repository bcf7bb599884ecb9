import { describe, expect, it, vi } from 'vitest';
import { STORAGE_PREFIX, storage } from './storage';

const isNumber = (value: unknown): value is number => typeof value === 'number';

describe('storage', () => {
  it('stores JSON under the prefix', () => {
    storage.set('a', { b: [1, 2] });
    expect(window.localStorage.getItem(`${STORAGE_PREFIX}a`)).toBe('{"b":[1,2]}');
    expect(storage.get('a')).toEqual({ b: [1, 2] });
  });

  it('reads absent, corrupt or mistyped values as null', () => {
    expect(storage.get('missing')).toBeNull();
    window.localStorage.setItem(`${STORAGE_PREFIX}bad`, '{not json');
    expect(storage.get('bad')).toBeNull();
    storage.set('text', 'hello');
    expect(storage.get('text', isNumber)).toBeNull();
    storage.set('n', 5);
    expect(storage.get('n', isNumber)).toBe(5);
  });

  it('removes values', () => {
    storage.set('gone', 1);
    storage.remove('gone');
    expect(storage.get('gone')).toBeNull();
  });

  it('tells subscribers which key changed, until they unsubscribe', () => {
    const listener = vi.fn();
    const unsubscribe = storage.subscribe(listener);
    storage.set('x', 1);
    storage.remove('x');
    unsubscribe();
    storage.set('x', 2);
    expect(listener.mock.calls).toEqual([['x'], ['x']]);
  });

  it('relays changes made in another tab', () => {
    const listener = vi.fn();
    const unsubscribe = storage.subscribe(listener);
    window.dispatchEvent(new StorageEvent('storage', { key: `${STORAGE_PREFIX}calls.ringSound` }));
    window.dispatchEvent(new StorageEvent('storage', { key: 'someone-else' }));
    unsubscribe();
    expect(listener.mock.calls).toEqual([['calls.ringSound']]);
  });
});

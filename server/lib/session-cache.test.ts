import { describe, expect, it } from 'vitest';
import type { AuthContext } from '../http/auth-context';
import { createSessionCache } from './session-cache';

const session = (tokenId: number, userId: number): AuthContext => ({
  tokenId,
  userId,
  userName: `Dispecer ${userId}`,
  roles: ['dispatcher'],
  companyIds: [1],
  expiresAt: '2099-01-01 00:00:00',
});

describe('session cache', () => {
  it('forgets entries after their time to live', () => {
    let now = 1_000;
    const cache = createSessionCache({ ttlMs: 100, maxEntries: 10, now: () => now });
    cache.set('a', session(1, 1));
    expect(cache.get('a')?.tokenId).toBe(1);
    now += 101;
    expect(cache.get('a')).toBeUndefined();
  });

  it('never serves a session past its token expiry', () => {
    const cache = createSessionCache({ ttlMs: 60_000, maxEntries: 10 });
    cache.set('a', { ...session(1, 1), expiresAt: '2000-01-01 00:00:00' });
    expect(cache.get('a')).toBeUndefined();
  });

  it('drops revoked tokens and users at once', () => {
    const cache = createSessionCache({ ttlMs: 60_000, maxEntries: 10 });
    cache.set('a', session(1, 7));
    cache.set('b', session(2, 7));
    cache.set('c', session(3, 8));
    cache.revokeToken(1);
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('b')).toBeDefined();
    cache.revokeUser(7);
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('c')).toBeDefined();
  });

  it('evicts the oldest entry when full', () => {
    const cache = createSessionCache({ ttlMs: 60_000, maxEntries: 2 });
    cache.set('a', session(1, 1));
    cache.set('b', session(2, 2));
    cache.set('c', session(3, 3));
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('c')).toBeDefined();
  });
});

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

  it('asks for one background check per entry from half its lifetime on, and still expires it on time', () => {
    let now = 1_000;
    const cache = createSessionCache({ ttlMs: 100, maxEntries: 10, now: () => now });
    cache.set('a', session(1, 1));
    expect(cache.claimRefresh('a')).toBe(false);
    now += 50;
    expect(cache.claimRefresh('a')).toBe(true);
    expect(cache.claimRefresh('a')).toBe(false); // one check in flight is enough
    now += 51;
    expect(cache.get('a')).toBeUndefined(); // the check did not answer in time
    cache.set('a', session(1, 1)); // a check that did answer starts a new lifetime
    now += 50;
    expect(cache.claimRefresh('a')).toBe(true);
    cache.drop('a'); // it found the token revoked
    expect(cache.get('a')).toBeUndefined();
  });

  it('does not keep a session read before a revocation it may have missed', () => {
    const cache = createSessionCache({ ttlMs: 60_000, maxEntries: 10 });
    const readAfter = cache.revocations();
    cache.revokeToken(1); // lands while the session is being read
    cache.set('a', session(1, 1), readAfter);
    expect(cache.get('a')).toBeUndefined();
    cache.set('a', session(1, 1), cache.revocations());
    expect(cache.get('a')).toBeDefined();
  });
});

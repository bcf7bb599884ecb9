import type { AuthContext } from '../http/auth-context';

/**
 * Recently verified sessions, so an authenticated request does not cost a database round trip
 * (bench/verify-token: four queries per request held the app to ~1% of bare Fastify).
 * Entries live a few seconds; logout and revocation drop them at once on this node, and the
 * realtime layer relays revocations to the other nodes.
 */
export interface SessionCache {
  get(tokenHash: string): AuthContext | undefined;
  set(tokenHash: string, session: AuthContext): void;
  revokeToken(tokenId: number): void;
  revokeUser(userId: number): void;
}

export function createSessionCache(options: {
  ttlMs: number;
  maxEntries: number;
  now?: () => number;
}): SessionCache {
  const now = options.now ?? Date.now;
  const entries = new Map<string, { session: AuthContext; until: number }>();
  const dropWhere = (match: (session: AuthContext) => boolean) => {
    for (const [hash, entry] of entries) if (match(entry.session)) entries.delete(hash);
  };
  return {
    get(tokenHash) {
      const entry = entries.get(tokenHash);
      if (!entry) return undefined;
      if (
        entry.until <= now() ||
        Date.parse(`${entry.session.expiresAt.replace(' ', 'T')}Z`) <= now()
      ) {
        entries.delete(tokenHash);
        return undefined;
      }
      return entry.session;
    },
    set(tokenHash, session) {
      // Maps iterate in insertion order: the first key is the oldest.
      if (entries.size >= options.maxEntries) {
        const oldest = entries.keys().next().value;
        if (oldest !== undefined) entries.delete(oldest);
      }
      entries.set(tokenHash, { session, until: now() + options.ttlMs });
    },
    revokeToken: (tokenId) => dropWhere((session) => session.tokenId === tokenId),
    revokeUser: (userId) => dropWhere((session) => session.userId === userId),
  };
}

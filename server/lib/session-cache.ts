import { fromUtcString } from '@common/lib/dates';
import type { AuthContext } from '../http/auth-context';

/**
 * Recently verified sessions, so an authenticated request does not cost a database round trip
 * (bench/verify-token: four queries per request held the app to ~1% of bare Fastify).
 * Entries live a few seconds; logout and revocation drop them at once on this node, and the
 * realtime layer relays revocations to the other nodes.
 *
 * A token in use is verified again before its entry runs out (`claimRefresh`, from half its
 * lifetime on), in the background: a busy console's requests never wait for the database (on
 * PGlite, behind everything else its one session runs), while a revoked token the node was not
 * told of is still refused within the lifetime.
 */
export interface SessionCache {
  get(tokenHash: string): AuthContext | undefined;
  /**
   * Keeps a session read from the database when `revocations()` was `readAfter`; a revocation
   * since then may have landed after the read, so the session is not kept.
   */
  set(tokenHash: string, session: AuthContext, readAfter?: number): void;
  /** How many revocations this cache has been told of (see `set`). */
  revocations(): number;
  /**
   * True once per entry past half its lifetime: the caller verifies the token again in the
   * background and `set`s (or `drop`s) it.
   */
  claimRefresh(tokenHash: string): boolean;
  drop(tokenHash: string): void;
  revokeToken(tokenId: number): void;
  revokeUser(userId: number): void;
}

export function createSessionCache(options: {
  ttlMs: number;
  maxEntries: number;
  now?: () => number;
}): SessionCache {
  const now = options.now ?? (() => Date.now());
  const entries = new Map<
    string,
    { session: AuthContext; until: number; refreshAt: number; refreshing: boolean }
  >();
  let revocations = 0;
  const dropWhere = (match: (session: AuthContext) => boolean) => {
    revocations++;
    for (const [hash, entry] of entries) if (match(entry.session)) entries.delete(hash);
  };
  return {
    get(tokenHash) {
      const entry = entries.get(tokenHash);
      if (!entry) return undefined;
      if (entry.until <= now() || fromUtcString(entry.session.expiresAt).getTime() <= now()) {
        entries.delete(tokenHash);
        return undefined;
      }
      return entry.session;
    },
    revocations: () => revocations,
    set(tokenHash, session, readAfter = revocations) {
      if (readAfter !== revocations) return;
      // Maps iterate in insertion order: the first key is the oldest.
      if (entries.size >= options.maxEntries) {
        const oldest = entries.keys().next().value;
        if (oldest !== undefined) entries.delete(oldest);
      }
      const at = now();
      entries.set(tokenHash, {
        session,
        until: at + options.ttlMs,
        refreshAt: at + options.ttlMs / 2,
        refreshing: false,
      });
    },
    claimRefresh(tokenHash) {
      const entry = entries.get(tokenHash);
      if (!entry || entry.refreshing || entry.refreshAt > now()) return false;
      entry.refreshing = true;
      return true;
    },
    drop: (tokenHash) => {
      entries.delete(tokenHash);
    },
    // A session minted by another (a simulator's driver) goes with it and follows its user.
    revokeToken: (tokenId) =>
      dropWhere((session) => session.tokenId === tokenId || session.mintedBy?.tokenId === tokenId),
    revokeUser: (userId) =>
      dropWhere((session) => session.userId === userId || session.mintedBy?.userId === userId),
  };
}

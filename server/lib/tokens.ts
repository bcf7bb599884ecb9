import { createHash, randomBytes } from 'node:crypto';

/** 256 random bits, URL-safe: the opaque session token the client holds. */
export const newToken = (): string => randomBytes(32).toString('base64url');

/** Only this digest is stored: a copy of the table does not hand out sessions. */
export const tokenDigest = (token: string): string =>
  createHash('sha256').update(token).digest('hex');

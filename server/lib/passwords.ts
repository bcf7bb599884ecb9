import { hash, verify } from '@node-rs/argon2';

// argon2id with the library's defaults (m=19456 KiB, t=2, p=1): OWASP's minimum profile.
export const hashPassword = (password: string): Promise<string> => hash(password);

export const verifyPassword = async (passwordHash: string, password: string): Promise<boolean> => {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false; // a malformed stored hash never logs anyone in
  }
};

/**
 * Verified when the e-mail is unknown, so a wrong e-mail costs as long as a wrong password
 * and answers the same (no account enumeration by timing).
 */
let dummyHash: Promise<string> | undefined;
export const burnPasswordCheck = async (password: string): Promise<void> => {
  dummyHash ??= hash('ogo-timing-equaliser');
  await verifyPassword(await dummyHash, password);
};

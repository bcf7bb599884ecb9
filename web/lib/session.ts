import type { LoggedUser } from '@common/auth/auth.schema';
import { storage } from './storage';

/**
 * The session ("Other state"): logged in when both a token and a user are present,
 * stored locally so a reload keeps the operator logged in. Kept outside React so the API
 * client and the socket can read it; components use `useSession`.
 */
export interface Session {
  token: string;
  user: LoggedUser;
}

const TOKEN_KEY = 'session.token';
const USER_KEY = 'session.user';

const isString = (value: unknown): value is string => typeof value === 'string' && value !== '';
const isUser = (value: unknown): value is LoggedUser =>
  typeof value === 'object' &&
  value !== null &&
  'id' in value &&
  'roles' in value &&
  Array.isArray(value.roles) &&
  'companies' in value &&
  Array.isArray(value.companies);

let cached: Session | null | undefined;

const read = (): Session | null => {
  const token = storage.get(TOKEN_KEY, isString);
  const user = storage.get(USER_KEY, isUser);
  return token && user ? { token, user } : null;
};

storage.subscribe((key) => {
  if (key === TOKEN_KEY || key === USER_KEY) cached = undefined;
});

export const session = {
  /** The current session; the same object until it changes (useSyncExternalStore needs that). */
  get(): Session | null {
    if (cached === undefined) cached = read();
    return cached;
  },

  /** The token alone: present between login and verify, before the user is known. */
  token(): string | null {
    return storage.get(TOKEN_KEY, isString);
  },

  setToken(token: string): void {
    storage.set(TOKEN_KEY, token);
  },

  setUser(user: LoggedUser): void {
    storage.set(USER_KEY, user);
  },

  clear(): void {
    storage.remove(TOKEN_KEY);
    storage.remove(USER_KEY);
  },

  subscribe(onChange: () => void): () => void {
    return storage.subscribe((key) => {
      if (key === TOKEN_KEY || key === USER_KEY) onChange();
    });
  },
};

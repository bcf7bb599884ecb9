import {
  createAccessToken,
  deleteAccessToken,
  updateUserActivity,
  verifyAccessToken,
} from '@common/auth/auth.api';
import type { LoggedUser, LoginBody } from '@common/auth/auth.schema';
import { api, apiWith, isApiError } from '../../lib/api-client';
import { queryClient } from '../../lib/query-client';
import { session } from '../../lib/session';
import { disconnectSocket } from '../../lib/socket';

/**
 * Logs in (Auth): token, then the user behind it, then the operator is marked
 * online. Only when both token and user are stored is the session "logged in".
 */
export async function login(credentials: LoginBody): Promise<LoggedUser> {
  const { token } = await api(createAccessToken, { body: credentials });
  session.setToken(token);
  let user: LoggedUser;
  try {
    user = await apiWith(verifyAccessToken, { ignoreUnauthorized: true });
  } catch (error) {
    session.clear();
    throw error;
  }
  session.setUser(user);
  // Presence is a nicety: a failure must not fail the login.
  apiWith(updateUserActivity, { ignoreUnauthorized: true }, { body: { isOnline: true } }).catch(
    () => undefined,
  );
  return user;
}

/**
 * Forgets the session on this device: storage, socket and every cached answer, so the
 * next user of the browser sees nothing of the previous one.
 */
export function endLocalSession(): void {
  session.clear();
  disconnectSocket();
  queryClient.clear();
}

/**
 * Logout (/logout): marks the operator offline and revokes the token on the server,
 * both best effort (the network may be down; the local session ends regardless).
 */
export async function logout(): Promise<void> {
  if (session.token()) {
    const quiet = { ignoreUnauthorized: true };
    await apiWith(updateUserActivity, quiet, { body: { isOnline: false } }).catch(() => undefined);
    await apiWith(deleteAccessToken, quiet).catch(() => undefined);
  }
  endLocalSession();
}

/** On app start: refresh the stored user; a rejected token means logged out. */
export async function refreshSessionUser(): Promise<void> {
  if (!session.token()) return;
  try {
    session.setUser(await apiWith(verifyAccessToken, { ignoreUnauthorized: true }));
  } catch (error) {
    if (isApiError(error) && error.status === 401) endLocalSession();
    // Any other failure (server down) keeps the stored user: the console stays usable.
  }
}

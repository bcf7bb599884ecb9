import { type Cookies, parseCookie, stringifySetCookie } from 'cookie';

/**
 * The device cookie of the login limits (docs/DECISIONS.md "Login limits", OWASP "Slow Down
 * Online Guessing Attacks with Device Cookies"): a random token a browser gets for one account
 * when it logs in to it. One cookie per account, so a console shared by several dispatchers
 * keeps one for each of them. Sent only to the login endpoint, never readable by scripts.
 */
export const DEVICE_COOKIE_PATH = '/api/access-tokens';
export const DEVICE_COOKIE_MAX_AGE_SECONDS = 180 * 24 * 3600;

const NAME_PREFIX = 'ogo_device_';
/** newToken(): 32 random bytes in base64url. Anything else is not one of ours. */
const TOKEN_SHAPE = /^[\w-]{43}$/;

export const deviceCookieName = (userId: number): string => `${NAME_PREFIX}${userId}`;

/** The request's cookies (the first of two with one name, as RFC 6265 orders them). */
export const readCookies = (header: string | undefined): Cookies =>
  header ? parseCookie(header) : {};

/** The device token the browser holds for this user, if it looks like one. */
export function deviceTokenOf(cookies: Cookies, userId: number): string | undefined {
  const value = cookies[deviceCookieName(userId)];
  return value !== undefined && TOKEN_SHAPE.test(value) ? value : undefined;
}

/** The Set-Cookie value: httpOnly, SameSite=Strict, Secure on https, only for the login path. */
export function deviceSetCookie(
  cookie: { userId: number; token: string },
  options: { secure: boolean },
): string {
  return stringifySetCookie({
    name: deviceCookieName(cookie.userId),
    value: cookie.token,
    path: DEVICE_COOKIE_PATH,
    maxAge: DEVICE_COOKIE_MAX_AGE_SECONDS,
    httpOnly: true,
    sameSite: 'strict',
    secure: options.secure,
  });
}

import type { Limit } from '../../lib/failure-counter';

/** The ceilings of docs/DECISIONS.md "Login limits", per window. */
export interface LoginLimitsConfig {
  perAccount: number;
  perIp: number;
  /** Failed logins per account from browsers without its device cookie, all together. */
  perAccountUnknownDevices: number;
}

/**
 * The counts a password guess on an account is held to: a login, and a password change's
 * current password too (one limit, so an open session is no second way to guess). A known
 * device counts only its own failures; anything else counts against its address, its address
 * on this account, and this account's unknown devices (distributed guessing).
 */
export function loginLimits(
  config: LoginLimitsConfig,
  attempt: { email: string; ip: string; knownDeviceHash?: string | undefined },
): { own: string; limits: Limit[] } {
  if (attempt.knownDeviceHash !== undefined) {
    const own = `device:${attempt.knownDeviceHash}`;
    return { own, limits: [{ key: own, max: config.perAccount }] };
  }
  const own = `account-ip:${attempt.email}|${attempt.ip}`;
  return {
    own,
    limits: [
      { key: `ip:${attempt.ip}`, max: config.perIp },
      { key: own, max: config.perAccount },
      { key: `account:${attempt.email}`, max: config.perAccountUnknownDevices },
    ],
  };
}

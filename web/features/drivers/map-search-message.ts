import type { User } from '@common/users/users.schema';

/** The call sign dispatchers know a driver by: his car's, else his identifier. */
export const callSignOf = (driver: Pick<User, 'default_car' | 'identifier'>) =>
  driver.default_car?.indicativ ?? driver.identifier;

export const NO_SUCH_CALL_SIGN = 'Niciun șofer cu acest indicativ.';
export const NONE_CONNECTED = 'Niciun șofer conectat cu acest indicativ.';

/**
 * Why a call sign searched on the drivers map shows nobody, from the company's drivers found by
 * that text (the map shows only connected drivers with a position): the driver is offline, has no
 * position yet, only offline drivers match, or no driver has that call sign.
 */
export function offMapMessage(query: string, found: readonly User[]): string {
  const needle = query.trim().toLowerCase();
  const matching = found.filter((driver) =>
    (callSignOf(driver) ?? '').toLowerCase().includes(needle),
  );
  const exact = matching.find((driver) => (callSignOf(driver) ?? '').toLowerCase() === needle);
  if (exact) {
    const callSign = callSignOf(exact) ?? needle;
    return exact.is_online
      ? `Șoferul ${callSign} nu are poziție cunoscută.`
      : `Șoferul ${callSign} nu este conectat.`;
  }
  return matching.length > 0 ? NONE_CONNECTED : NO_SUCH_CALL_SIGN;
}

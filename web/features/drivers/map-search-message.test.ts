import type { User } from '@common/users/users.schema';
import { describe, expect, it } from 'vitest';
import { NO_SUCH_CALL_SIGN, NONE_CONNECTED, offMapMessage } from './map-search-message';

const driver = (indicativ: string, is_online: boolean, identifier: string | null = null) =>
  ({
    id: Number(indicativ),
    name: `Șofer ${indicativ}`,
    identifier,
    is_online,
    default_car: { id: 1, indicativ, make: 'Dacia', model: 'Logan', color: 'Alb', number: 'X' },
  }) as unknown as User;

describe('offMapMessage', () => {
  it('names an offline driver, and one online without a position', () => {
    expect(offMapMessage(' 118 ', [driver('118', false), driver('1180', false)])).toBe(
      'Șoferul 118 nu este conectat.',
    );
    expect(offMapMessage('118', [driver('118', true)])).toBe(
      'Șoferul 118 nu are poziție cunoscută.',
    );
  });

  it('tells only offline call signs holding the text from no call sign at all', () => {
    expect(offMapMessage('11', [driver('118', false)])).toBe(NONE_CONNECTED);
    // Found by name only: no call sign holds the text.
    expect(offMapMessage('sofer', [driver('118', false)])).toBe(NO_SUCH_CALL_SIGN);
    expect(offMapMessage('999', [])).toBe(NO_SUCH_CALL_SIGN);
  });
});

import { BLOCKED_PHONE_MESSAGE } from '@common/blocked-phones/blocked-phones.schema';
import type { SavedAddress } from '@common/clients/clients.schema';
import { useEffect, useRef } from 'react';
import { completePhone, useAddressesByPhone, useClientLookup } from '../../clients';

interface KnownCallerInput {
  phone: string;
  clientName: string;
  about: string;
  /** Only a form still being filled looks the number up. */
  enabled: boolean;
  onFill: (patch: { client_name?: string; about_client?: string }) => void;
}

export interface KnownCaller {
  /** The blocked-number warning while the number is typed, with the reason when known. */
  blocked: string | null;
  /** The caller's last address (saved addresses come most recently used first). */
  lastAddress: SavedAddress | null;
}

/**
 * A known caller costs no keystrokes: once the number is whole, his name and notes fill the
 * fields the operator left empty (or that still hold what an earlier number filled), his last
 * address is offered, and a blocked number is said at once rather than on placing.
 */
export function useKnownCaller({
  phone,
  clientName,
  about,
  enabled,
  onFill,
}: KnownCallerInput): KnownCaller {
  const whole = enabled ? completePhone(phone) : null;
  const lookup = useClientLookup(whole);
  const addresses = useAddressesByPhone(whole);
  const found = whole !== null ? lookup.data : undefined;
  const filled = useRef({ name: '', about: '' });
  const latest = useRef({ clientName, about, onFill });
  latest.current = { clientName, about, onFill };

  useEffect(() => {
    if (!found) return;
    const current = latest.current;
    const next = { name: found.client?.name ?? '', about: found.client?.about ?? '' };
    // What the operator typed stays; what the last number filled in follows the number.
    const mayFill = (value: string, auto: string) => value.trim() === '' || value === auto;
    const patch: { client_name?: string; about_client?: string } = {};
    if (mayFill(current.clientName, filled.current.name) && next.name !== current.clientName)
      patch.client_name = next.name;
    if (mayFill(current.about, filled.current.about) && next.about !== current.about)
      patch.about_client = next.about;
    filled.current = {
      name: patch.client_name ?? filled.current.name,
      about: patch.about_client ?? filled.current.about,
    };
    if (Object.keys(patch).length > 0) current.onFill(patch);
  }, [found]);

  const blocked = found?.blocked
    ? `${BLOCKED_PHONE_MESSAGE}${found.blocked_reason ? ` Motiv: ${found.blocked_reason}.` : ''}`
    : null;
  return { blocked, lastAddress: whole !== null ? (addresses.data?.[0] ?? null) : null };
}

import { BLOCKED_PHONE_MESSAGE } from '@common/blocked-phones/blocked-phones.schema';
import type { SavedAddress } from '@common/clients/clients.schema';
import { type KeyboardEvent, useEffect, useRef } from 'react';
import { completePhone, useAddressesByPhone, useClientLookup } from '../../clients';

interface KnownCallerInput {
  phone: string;
  clientName: string;
  about: string;
  /** Only a form still being filled looks the number up. */
  enabled: boolean;
  onFill: (patch: { client_name?: string; about_client?: string }) => void;
  /** Some place is still empty: the caller's last address can go there. */
  canTakeAddress: boolean;
  takeAddress: (address: SavedAddress) => void;
}

export interface KnownCaller {
  /** The blocked-number warning while the number is typed, with the reason when known. */
  blocked: string | null;
  /** The caller's last address, offered while a place is empty (Enter in the phone takes it). */
  offer: SavedAddress | null;
  /** The phone's keys: Enter takes the offer, or waits for it while the number is looked up. */
  onPhoneKeyDown: (event: KeyboardEvent<HTMLInputElement>) => void;
}

/**
 * A known caller costs no keystrokes: once the number is whole, his name and notes fill the
 * fields the operator left empty (or that still hold what an earlier number filled), his last
 * address is offered, and a blocked number is said at once rather than on placing.
 */
export function useKnownCaller(input: KnownCallerInput): KnownCaller {
  const whole = input.enabled ? completePhone(input.phone) : null;
  const lookup = useClientLookup(whole);
  const addresses = useAddressesByPhone(whole);
  const found = whole !== null ? lookup.data : undefined;
  const last = whole !== null ? (addresses.data?.[0] ?? null) : null;
  const pending = whole !== null && (lookup.isPending || addresses.isPending);
  const filled = useRef({ name: '', about: '' });
  /** Enter came before the answers: the address goes in when they arrive. */
  const awaited = useRef(false);
  const latest = useRef(input);
  latest.current = input;

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

  useEffect(() => {
    if (pending || !awaited.current) return;
    awaited.current = false;
    if (last && latest.current.canTakeAddress) latest.current.takeAddress(last);
  }, [pending, last]);

  const offer = input.canTakeAddress ? last : null;
  const onPhoneKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter' || event.ctrlKey || event.metaKey || !input.canTakeAddress) return;
    if (pending) {
      // Not a submit of a half-known form: the answer is a moment away.
      event.preventDefault();
      awaited.current = true;
    } else if (offer) {
      event.preventDefault();
      input.takeAddress(offer);
    }
  };

  const blocked = found?.blocked
    ? `${BLOCKED_PHONE_MESSAGE}${found.blocked_reason ? ` Motiv: ${found.blocked_reason}.` : ''}`
    : null;
  return { blocked, offer, onPhoneKeyDown };
}

import { CLIENT_HUNG_UP_TOAST, SIP_MESSAGES } from '@common/calls/calls.schema';
import { notifications } from '@mantine/notifications';
import { toastError } from '../../../lib/toast';
import type { RegistrationProblem } from './sip-port';

/** Why the softphone is not registered: the SIP server's answer, or our own server's. */
export type SipProblem = RegistrationProblem | 'settings';

/** The softphone's messages to the dispatcher (telephony and hang-up messages). */
export interface SoftphoneNotices {
  /** Alert: the user cannot have a softphone ('User meta not found', …). */
  unavailable(message: string): void;
  /** The persistent 'SIP is disabled' toast, with what went wrong. */
  sipDisabled(problem: SipProblem, detail: string): void;
  /** Registered again: the persistent toast goes. */
  sipEnabled(): void;
  /** 'Сlientul a încheiat apelul' for 5 s. */
  clientHungUp(): void;
  error(message: string): void;
}

const SIP_DISABLED_ID = 'sip-disabled';
export const CLIENT_HUNG_UP_MS = 5000;

/** The persistent toast's text: what failed, what it means, and that it retries by itself. */
export function sipDisabledText(problem: SipProblem, detail: string): string {
  const suffix = detail ? ` (${detail})` : '';
  switch (problem) {
    case 'network':
      return `Nu există legătură cu centrala telefonică${suffix}: verificați rețeaua. Apelurile nu sosesc până la reconectare; se reîncearcă automat.`;
    case 'credentials':
      return `Centrala telefonică a refuzat credențialele telefonului${suffix}. Se cere o credențială nouă și se reîncearcă automat; dacă persistă, verificați setările SIP ale contului.`;
    case 'refused':
      return `Centrala telefonică a refuzat înregistrarea${suffix}. Se reîncearcă automat.`;
    case 'settings':
      return `Setările telefonului nu pot fi citite de pe server${suffix}. Se reîncearcă automat.`;
  }
}

export const mantineNotices: SoftphoneNotices = {
  unavailable: (message) =>
    notifications.show({
      id: 'sip-unavailable',
      title: 'Telefonie',
      message,
      color: 'yellow',
      // Toasts last 1 to 6 s.
      autoClose: 6_000,
      withBorder: true,
    }),
  sipDisabled: (problem, detail) => {
    const options = {
      id: SIP_DISABLED_ID,
      title: SIP_MESSAGES.disabled,
      message: sipDisabledText(problem, detail),
      color: 'red',
      autoClose: false as const,
      withBorder: true,
    };
    notifications.update(options);
    notifications.show(options);
  },
  sipEnabled: () => notifications.hide(SIP_DISABLED_ID),
  clientHungUp: () =>
    notifications.show({
      message: CLIENT_HUNG_UP_TOAST,
      color: 'orange',
      autoClose: CLIENT_HUNG_UP_MS,
      withBorder: true,
    }),
  error: (message) => toastError(message),
};

import type { LineState } from './engine/lines';
import type { SoftphoneStatus } from './engine/softphone';

/** A line's state in words (the active-calls list, the order list's SIP column). */
export const LINE_STATE_LABELS: Record<LineState, string> = {
  ringing: 'Sună',
  answering: 'Se preia',
  dialing: 'Se apelează',
  active: 'În apel',
  held: 'În așteptare',
};

/** The header's softphone status (dispatcher events; 'SIP is disabled' when registration fails). */
export const STATUS_LOOK: Record<SoftphoneStatus, { color: string; label: string; hint: string }> =
  {
    off: {
      color: 'gray',
      label: 'Telefon oprit',
      hint: 'Telefonul nu pornește pentru acest cont.',
    },
    loading: { color: 'orange', label: 'Se conectează…', hint: 'Se citesc setările telefonului.' },
    unavailable: {
      color: 'gray',
      label: 'Apeluri indisponibile',
      hint: 'Contul nu are telefonie configurată.',
    },
    connecting: {
      color: 'orange',
      label: 'Se conectează…',
      hint: 'Telefonul se înregistrează la centrala telefonică.',
    },
    registered: { color: 'teal', label: 'Telefon conectat', hint: 'Apelurile sosesc aici.' },
    failed: {
      color: 'red',
      label: 'SIP is disabled',
      hint: 'Telefonul nu este înregistrat; se reîncearcă automat.',
    },
  };

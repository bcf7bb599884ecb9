/**
 * The dispatcher events' log (Shell "dispatcher events component"): what happened to
 * calls that the bar no longer shows, newest first.
 */
export type CallEventKind =
  /** Another operator (or this one's other window) took a ringing call. */
  | 'elsewhere'
  /** The client hung up a live call. */
  | 'hung_up'
  /** The company has a new missed call. */
  | 'missed'
  /** A call was refused because every line was in use. */
  | 'busy'
  /** The softphone's registration failed or came back. */
  | 'sip';

export interface CallEvent {
  id: number;
  /** Epoch ms. */
  at: number;
  kind: CallEventKind;
  phone: string | null;
  text: string;
}

export const MAX_EVENTS = 20;

export const pushEvent = (events: readonly CallEvent[], event: CallEvent): readonly CallEvent[] =>
  [event, ...events].slice(0, MAX_EVENTS);

import type { SipSettings } from '@common/calls/calls.schema';
import type { Order } from '@common/orders/orders.schema';
import { buildOrder } from '../../../test/order-fixtures';
import { httpCallsClient } from '../engine/calls-client';
import { adaptJsSipUa } from '../engine/jssip-adapter';
import type { SipProblem, SoftphoneNotices } from '../engine/notices';
import { Softphone } from '../engine/softphone';
import { FakeUa } from './fake-jssip';

export const SETTINGS: SipSettings = {
  available: true,
  uri: 'sip:c1-101@pbx.test',
  websocket: 'ws://127.0.0.1:8088',
  authorization_user: '2000000000:c1-101',
  password: 'secret-1',
  display_name: 'Ana Pop',
  line: 'sip:c1@pbx.test',
  expires_at: '2030-01-01T10:00:00.000Z',
};

/** The softphone's messages, recorded (the UI tests render the real toasts instead). */
export function recordingNotices() {
  const log: { kind: string; text: string }[] = [];
  const notices: SoftphoneNotices = {
    unavailable: (message) => log.push({ kind: 'unavailable', text: message }),
    sipDisabled: (problem: SipProblem, detail) =>
      log.push({ kind: 'sipDisabled', text: `${problem} ${detail}` }),
    sipEnabled: () => log.push({ kind: 'sipEnabled', text: '' }),
    clientHungUp: () => log.push({ kind: 'clientHungUp', text: '' }),
    error: (message) => log.push({ kind: 'error', text: message }),
  };
  return { log, notices };
}

/**
 * A softphone over the real HTTP client (fetch is the stubbed boundary) and a fake JsSIP UA.
 * `uas` lists every UA it created, newest last.
 */
export function fakeSoftphone(notices: SoftphoneNotices = recordingNotices().notices) {
  const uas: FakeUa[] = [];
  const opened: Order[] = [];
  const changed: Order[] = [];
  const phone = new Softphone({
    client: httpCallsClient,
    notices,
    createUa: async () => {
      const ua = new FakeUa();
      uas.push(ua);
      return adaptJsSipUa(ua);
    },
  });
  const start = (userId = 7) =>
    phone.start({
      userId,
      openOrder: (order) => opened.push(order),
      orderChanged: (order) => changed.push(order),
    });
  const ua = (): FakeUa => {
    const last = uas.at(-1);
    if (!last) throw new Error('no UA yet');
    return last;
  };
  return { phone, uas, ua, opened, changed, start };
}

/** The order POST /api/calls/accept answers for a call (state new, its call started). */
export const acceptedOrder = (id: number, phone: string, sipCallId: string): Order =>
  buildOrder({
    id,
    state: 'new',
    phone,
    call: {
      phone,
      state: 'started',
      started_at: '2030-01-01 08:00:00',
      ended_at: null,
      sip_caller_id: sipCallId,
    },
  });

import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { flavourOf, orderFormPath } from '../../../lib/orders/flavour';
import { applyOrderUpdate } from '../../../lib/orders/order-cache';
import { useSocketEvent } from '../../../lib/use-socket-event';
import { useSession } from '../../auth';
import { ringingLines } from '../engine/lines';
import { useSoftphoneInstance } from '../engine/softphone-context';
import { useSoftphone } from '../engine/use-softphone';
import { missedCallKeys } from '../query-keys';
import { ActiveCallsList } from './ActiveCallsList';
import { hasSoftphone } from './has-softphone';
import { useCallKeys } from './use-call-keys';
import { useRinger } from './use-ringer';

/**
 * Runs the softphone for a logged dispatcher (Shell) and stops it on logout. Mounted
 * once by the root layout, on every page, so that moving between screens never drops a call:
 * it wires the company's call events, the keys, the ring and the hidden active-calls list.
 */
export function SoftphoneHost() {
  const current = useSession();
  const user = current?.user ?? null;
  const enabled = user !== null && hasSoftphone(user);
  const userId = user?.id ?? null;
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { pathname } = useLocation();
  const softphone = useSoftphoneInstance();
  const { lines, status } = useSoftphone();

  // The newest navigate and flavour, without restarting the softphone (a restart ends calls).
  const latest = useRef({ navigate, queryClient, flavour: user ? flavourOf(user) : 'taxi' });
  latest.current = { navigate, queryClient, flavour: user ? flavourOf(user) : 'taxi' };

  useEffect(() => {
    if (!enabled || userId === null) return;
    softphone.start({
      userId,
      openOrder: (order) =>
        void latest.current.navigate(orderFormPath(latest.current.flavour, order.id)),
      orderChanged: (order) => applyOrderUpdate(latest.current.queryClient, order),
    });
    return () => softphone.stop();
  }, [enabled, userId, softphone]);

  useSocketEvent(enabled ? 'client_call_accepted' : null, (payload) =>
    softphone.callAcceptedElsewhere(payload),
  );
  useSocketEvent(enabled ? 'missed_calls_updated' : null, (payload) => {
    softphone.missedCallsChanged(payload);
    void queryClient.invalidateQueries({ queryKey: missedCallKeys.all });
  });

  const running = enabled && status !== 'off';
  useCallKeys(running, pathname === '/operator/v2');
  useRinger(running && ringingLines(lines).length > 0);
  useLeaveWarning(lines.length > 0);

  return running ? <ActiveCallsList lines={lines} /> : null;
}

/** Closing or reloading the tab ends every call of this browser: the browser asks first. */
function useLeaveWarning(inCall: boolean): void {
  useEffect(() => {
    if (!inCall) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [inCall]);
}

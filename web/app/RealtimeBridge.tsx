import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { endLocalSession } from '../features/auth/session-actions';
import { useSession } from '../features/auth/use-session';
import { bindDriverEvents } from '../features/drivers/driver-events';
import { bindOrderEvents } from '../features/orders/data/order-events';
import { flavourOf, orderFormPath } from '../lib/orders/flavour';
import { connectSocket, disconnectSocket } from '../lib/socket';

/**
 * Connects the one socket while logged in and routes its events.
 * Renders nothing. Orders go into the query cache (features/orders/data/order-events); later
 * issues add their events here.
 */
export function RealtimeBridge() {
  const current = useSession();
  const token = current?.token ?? null;
  const userId = current?.user.id ?? null;
  const flavour = current ? flavourOf(current.user) : 'taxi';
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  useEffect(() => {
    if (!token) {
      disconnectSocket();
      return;
    }
    const socket = connectSocket(token);

    // The server revoked this session (logout elsewhere, ban): end it here too.
    const handleRevoked = () => {
      endLocalSession();
      void navigate('/login', { replace: true });
    };
    // Events missed while disconnected are gone: refetch what is on screen.
    const handleReconnect = () => {
      void queryClient.invalidateQueries();
    };

    socket.on('session_revoked', handleRevoked);
    socket.io.on('reconnect', handleReconnect);
    // Orders into the query cache; the tabs' polls stay as the safety net.
    const unbindOrders = bindOrderEvents(socket, {
      queryClient,
      userId,
      openOrder: (id) => void navigate(orderFormPath(flavour, id)),
      orderPath: (id) => orderFormPath(flavour, id),
    });
    // Drivers' positions and states into the drivers map's cache.
    const unbindDrivers = bindDriverEvents(socket, queryClient);
    return () => {
      unbindOrders();
      unbindDrivers();
      socket.off('session_revoked', handleRevoked);
      socket.io.off('reconnect', handleReconnect);
    };
  }, [token, userId, flavour, navigate, queryClient]);

  return null;
}

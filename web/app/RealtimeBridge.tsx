import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { endLocalSession } from '../features/auth/session-actions';
import { useSession } from '../features/auth/use-session';
import { connectSocket, disconnectSocket } from '../lib/socket';

/**
 * Connects the one socket while logged in and routes its events (aesthetics-anchors §3.7).
 * Renders nothing. Later issues add their events here (orders into the query cache).
 */
export function RealtimeBridge() {
  const token = useSession()?.token ?? null;
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
    // Events missed while disconnected are gone: refetch what is on screen (DESIGN §4).
    const handleReconnect = () => {
      void queryClient.invalidateQueries();
    };

    socket.on('session_revoked', handleRevoked);
    socket.io.on('reconnect', handleReconnect);
    return () => {
      socket.off('session_revoked', handleRevoked);
      socket.io.off('reconnect', handleReconnect);
    };
  }, [token, navigate, queryClient]);

  return null;
}

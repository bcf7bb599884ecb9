import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { PageLoader } from '../app/PageLoader';
import { logout } from '../features/auth/session-actions';

/** `/logout`: clears the session, disconnects the socket and goes to `/`. */
export default function LogoutPage() {
  const navigate = useNavigate();
  const started = useRef(false);

  useEffect(() => {
    // StrictMode runs effects twice in development; the token must be revoked once.
    if (started.current) return;
    started.current = true;
    void logout().then(() => navigate('/', { replace: true }));
  }, [navigate]);

  return <PageLoader />;
}

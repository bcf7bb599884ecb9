import type { LoggedUser } from '@common/auth/auth.schema';
import { notifications } from '@mantine/notifications';
import { useCallback } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { homePath } from '../features/auth/home-path';
import { safeRedirect } from '../features/auth/redirect';

/** After a login: the success toast, then the page the user wanted or their home. */
export function useLoginSuccess(): (user: LoggedUser) => void {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  return useCallback(
    (user: LoggedUser) => {
      notifications.show({ color: 'green', message: 'V-ați conectat cu succes!', autoClose: 3000 });
      void navigate(safeRedirect(searchParams.get('redirect')) ?? homePath(user), {
        replace: true,
      });
    },
    [navigate, searchParams],
  );
}

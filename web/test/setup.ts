import { cleanNotifications } from '@mantine/notifications';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { session } from '../lib/session';

// Testing Library only auto-cleans when test globals are enabled; we import explicitly.
afterEach(() => {
  cleanup();
  // The toasts' store outlives the rendered tree: start every test without old toasts.
  cleanNotifications();
  // Through the store, so its cached session is dropped too.
  session.clear();
  window.localStorage.clear();
});

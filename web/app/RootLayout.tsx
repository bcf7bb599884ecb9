import { AppShell, Box } from '@mantine/core';
import { Outlet, useMatches } from 'react-router';
import { useSession } from '../features/auth/use-session';
import { PendingCallsBar } from '../features/calls/bar/PendingCallsBar';
import { SoftphoneHost } from '../features/calls/shell/SoftphoneHost';
import { AdminHeader } from './AdminHeader';
import { AppFooter } from './AppFooter';
import { headerFor } from './access';
import { NavigationProgress } from './NavigationProgress';
import { PosHeader } from './PosHeader';
import { RealtimeBridge } from './RealtimeBridge';
import { deepestHandle, resolveTitle } from './route-meta';
import { SiteHeader } from './SiteHeader';
import { useDocumentTitle } from './use-document-title';

const HEADER_HEIGHT = 52;

/**
 * The shell around every page, and the dispatcher's softphone beside it: always at the same
 * place in the tree, so that no page (not even /live without bars) remounts it and drops calls.
 */
export function RootLayout() {
  return (
    <>
      <SoftphoneHost />
      <Shell />
    </>
  );
}

/** The header for who is logged in, the page, the footer. */
function Shell() {
  const handles = useMatches().map((match) => match.handle);
  useDocumentTitle(resolveTitle(handles));
  const current = useSession();

  // Some pages (the /live map) hide the navigation bars.
  if (deepestHandle(handles, 'hideNav') === true) {
    return (
      <>
        <RealtimeBridge />
        <NavigationProgress />
        <Outlet />
      </>
    );
  }

  let header = <SiteHeader />;
  if (current) {
    header =
      headerFor(current.user) === 'pos' ? (
        <PosHeader user={current.user} />
      ) : (
        <AdminHeader user={current.user} />
      );
  }

  // A console fills the window under the header and never scrolls as a whole: its
  // page is a flex column of exactly the space left, whose parts scroll on their own.
  const fills = deepestHandle(handles, 'fillsViewport') === true;

  return (
    <AppShell header={{ height: HEADER_HEIGHT }} padding={0}>
      <RealtimeBridge />
      <NavigationProgress />
      <AppShell.Header>{header}</AppShell.Header>
      <AppShell.Main
        style={
          fills
            ? { display: 'flex', flexDirection: 'column', height: '100dvh', overflow: 'hidden' }
            : { display: 'flex', flexDirection: 'column', minHeight: '100dvh' }
        }
        bg="var(--mantine-color-gray-0)"
      >
        {/* Shell: the ringing calls, under the header, above the page. */}
        <PendingCallsBar />
        <Box
          style={
            fills
              ? { flex: 1, minHeight: 0, display: 'flex', flexDirection: 'column' }
              : { flex: 1 }
          }
          p={fills ? 'sm' : 'md'}
        >
          <Outlet />
        </Box>
        {!fills && <AppFooter />}
      </AppShell.Main>
    </AppShell>
  );
}

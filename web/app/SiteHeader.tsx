import { Anchor, Group } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { LoginPopover } from './LoginPopover';
import { Logo } from './Logo';

/** Logged-out visitors see the logo, the enrollment link and the login dropdown. */
export function SiteHeader() {
  const { pathname } = useLocation();
  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap" data-testid="site-header">
      <Logo />
      <Group gap="lg" wrap="nowrap">
        <Anchor component={Link} to="/business/enroll" size="sm" data-testid="enroll-link">
          Înscrie-ți firma
        </Anchor>
        {/* The /login page is the form itself; a second one in the header would only confuse. */}
        {pathname !== '/login' && <LoginPopover />}
      </Group>
    </Group>
  );
}

import { Stack, Tabs, Title } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { AccountDetails } from '../features/account/AccountDetails';
import { CompanyDetails } from '../features/account/CompanyDetails';
import { PasswordForm } from '../features/account/PasswordForm';
import { ProfileForm } from '../features/account/ProfileForm';
import { useSession } from '../features/auth/use-session';

type Tab = 'account' | 'company';

/** `/settings/account` (login-required); `?tab=company` opens the company tab. */
export default function AccountSettingsPage() {
  const current = useSession();
  const [searchParams, setSearchParams] = useSearchParams();
  const tab: Tab = searchParams.get('tab') === 'company' ? 'company' : 'account';
  // RequireAuth guarantees a session; this only satisfies the type.
  if (!current) return null;

  return (
    <Stack gap="md" maw={760}>
      <Title order={1} size="h3">
        Setări cont
      </Title>
      <Tabs
        value={tab}
        keepMounted={false}
        onChange={(value) =>
          setSearchParams(value === 'company' ? { tab: 'company' } : {}, { replace: true })
        }
      >
        <Tabs.List mb="md">
          <Tabs.Tab value="account">Cont</Tabs.Tab>
          <Tabs.Tab value="company">Companie</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="account">
          <Stack gap="md">
            <AccountDetails user={current.user} />
            <ProfileForm key={current.user.id} user={current.user} />
            <PasswordForm />
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="company">
          <CompanyDetails companies={current.user.companies} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}

import { Stack } from '@mantine/core';
import { PublicPage } from '../components/PublicPage';
import { SignupForm } from '../features/companies';
import { ProductOverview } from '../features/home';

/** `/business/enroll`: the home page with the sign-up section first. */
export default function EnrollPage() {
  return (
    <PublicPage>
      <Stack gap="xl">
        <SignupForm />
        <ProductOverview />
      </Stack>
    </PublicPage>
  );
}

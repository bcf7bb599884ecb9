import { Stack } from '@mantine/core';
import { PublicPage } from '../components/PublicPage';
import { SignupForm } from '../features/companies/SignupForm';
import { ProductOverview } from '../features/home/ProductOverview';

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

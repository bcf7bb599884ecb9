import { Stack } from '@mantine/core';
import { PublicPage } from '../components/PublicPage';
import { EnrollInfo } from '../features/companies/EnrollInfo';
import { ProductOverview } from '../features/home/ProductOverview';

/** SPEC §2 `/business/enroll`: the home page with the sign-up section first. */
export default function EnrollPage() {
  return (
    <PublicPage>
      <Stack gap="xl">
        <EnrollInfo />
        <ProductOverview />
      </Stack>
    </PublicPage>
  );
}

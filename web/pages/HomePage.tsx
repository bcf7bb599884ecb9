import { Stack } from '@mantine/core';
import { PublicPage } from '../components/PublicPage';
import { EnrollInfo } from '../features/companies/EnrollInfo';
import { ProductOverview } from '../features/home/ProductOverview';

/** SPEC §2 `/`: what the product is, and how a business signs up. */
export default function HomePage() {
  return (
    <PublicPage>
      <Stack gap="xl">
        <ProductOverview />
        <EnrollInfo />
      </Stack>
    </PublicPage>
  );
}

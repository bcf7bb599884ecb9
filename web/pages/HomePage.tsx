import { Stack } from '@mantine/core';
import { PublicPage } from '../components/PublicPage';
import { SignupForm } from '../features/companies/SignupForm';
import { ProductOverview } from '../features/home/ProductOverview';

/** `/`: what the product is, and how a business signs up. */
export default function HomePage() {
  return (
    <PublicPage>
      <Stack gap="xl">
        <ProductOverview />
        <SignupForm />
      </Stack>
    </PublicPage>
  );
}

import { Center, Loader } from '@mantine/core';

/** Shown while the first page's chunk loads. */
export function PageLoader() {
  return (
    <Center h="60vh" aria-busy="true" aria-label="Se încarcă">
      <Loader size="sm" type="dots" />
    </Center>
  );
}

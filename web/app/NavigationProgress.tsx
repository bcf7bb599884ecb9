import { Progress } from '@mantine/core';
import { useNavigation } from 'react-router';

/** A thin bar while the next page's chunk loads: the old page stays usable meanwhile. */
export function NavigationProgress() {
  const navigation = useNavigation();
  if (navigation.state === 'idle') return null;
  return (
    <Progress
      value={100}
      animated
      size={2}
      radius={0}
      aria-label="Se încarcă pagina"
      style={{ position: 'fixed', top: 0, left: 0, right: 0, zIndex: 1000 }}
    />
  );
}

import { Alert } from '@mantine/core';
import { usePickupReach } from './use-pickup-reach';

const km = (value: number) => value.toLocaleString('ro-RO', { maximumFractionDigits: 1 });

/**
 * Under the pickup: an address outside every zone and beyond the searches' reach would only
 * end in 'Șoferii nu au fost găsiți'. A warning; placing stays possible.
 */
export function FarPickupWarning({ lat, long }: { lat: number | null; long: number | null }) {
  const { data } = usePickupReach(lat, long);
  if (!data?.far || lat === null || long === null) return null;
  return (
    <Alert color="orange" variant="light" p={6} data-testid="far-pickup-warning">
      Adresa este la {km(data.distance_km)} km de centrul companiei, în afara zonelor și a razei de
      căutare ({km(data.reach_km)} km): probabil nu se găsesc șoferi.
    </Alert>
  );
}

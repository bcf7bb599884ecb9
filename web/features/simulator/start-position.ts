import type { User } from '@common/users/users.schema';
import type { LatLng } from '../../map/geometry';

const GOLDEN_ANGLE = Math.PI * (3 - Math.sqrt(5));
const METRES_PER_DEGREE = 111_195;

/**
 * Where a picked driver starts on /simulator: his last known position (his
 * current_location, longitude first), else a spot a few hundred metres from the company, the
 * n-th picked on a spiral so that their markers never sit on each other. Dragging moves him.
 */
export function startPosition(
  driver: Pick<User, 'current_location'>,
  center: LatLng,
  n: number,
): LatLng {
  if (driver.current_location) {
    const [lng, lat] = driver.current_location;
    return { lat, lng };
  }
  const distance = 250 + 120 * n;
  const angle = n * GOLDEN_ANGLE;
  const cos = Math.cos((center.lat * Math.PI) / 180);
  const round = (value: number) => Math.round(value * 1e6) / 1e6;
  return {
    lat: round(center.lat + (distance * Math.sin(angle)) / METRES_PER_DEGREE),
    lng: round(center.lng + (distance * Math.cos(angle)) / (METRES_PER_DEGREE * cos)),
  };
}

import { CarsList } from '../features/cars/CarsList';

/** SPEC §2 `/cars` (Users → Transport, issue #20): the fleet. */
export default function CarsPage() {
  return <CarsList />;
}

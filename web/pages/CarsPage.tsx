import { CarsList } from '../features/cars';

/** `/cars` (Users → Transport): the fleet. */
export default function CarsPage() {
  return <CarsList />;
}

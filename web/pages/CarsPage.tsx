import { CarsList } from '../features/cars/CarsList';

/** `/cars` (Users → Transport): the fleet. */
export default function CarsPage() {
  return <CarsList />;
}

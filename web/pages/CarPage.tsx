import { useParams } from 'react-router';
import { CarEditScreen } from '../features/cars/CarEditScreen';

/** `/car/{id}`: a car's page; id 0 adds one (like /operator/order/0). */
export default function CarPage() {
  const { id } = useParams();
  const carId = Number(id);
  return <CarEditScreen key={carId} id={Number.isInteger(carId) && carId >= 0 ? carId : -1} />;
}

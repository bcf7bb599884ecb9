import { Alert } from '@mantine/core';
import { useParams } from 'react-router';
import { DriverCarCard } from '../features/cars/DriverCarCard';
import { UserEditScreen } from '../features/users/UserEditScreen';
import { isUserType } from '../features/users/user-types';

/** `/user/{id}/{role}` and `/user/{id}/driver`; id 0 creates. */
export default function UserPage() {
  const { id, role } = useParams();
  const userId = Number(id);
  if (!isUserType(role))
    return (
      <Alert color="red" variant="light">
        Pagina nu există.
      </Alert>
    );
  return (
    <UserEditScreen
      key={`${userId}-${role}`}
      id={Number.isInteger(userId) && userId >= 0 ? userId : -1}
      type={role}
      driverCar={(driver) => <DriverCarCard user={driver} />}
    />
  );
}

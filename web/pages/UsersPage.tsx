import { Alert } from '@mantine/core';
import { useParams } from 'react-router';
import { useCurrentUser } from '../features/auth/use-current-user';
import { UsersList } from '../features/users/UsersList';
import { isUserType, mayOpenType } from '../features/users/user-types';

/** `/users/{type}`: one role's users; the administrators list for admins only. */
export default function UsersPage() {
  const { type } = useParams();
  const caller = useCurrentUser();
  if (!isUserType(type) || !mayOpenType(type, caller.roles))
    return (
      <Alert color="red" variant="light">
        Lista nu există.
      </Alert>
    );
  return <UsersList key={type} type={type} />;
}

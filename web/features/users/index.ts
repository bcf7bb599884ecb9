export { UserEditScreen } from './UserEditScreen';
export { UsersList } from './UsersList';
export { useReadsPeople } from './use-reads-people';
export { useCompanyChoices, useUserList } from './use-users';
export { userKeys } from './user-keys';
export {
  defaultCompanyIds,
  isAdministrator,
  isUserType,
  mayOpenType,
  userPath,
} from './user-types';

// What other features may use of this one; web/app and web/pages import its screens directly.
export { useReadsPeople } from './use-reads-people';
export { useCompanyChoices, useUserList } from './use-users';
export { userKeys } from './user-keys';
export { defaultCompanyIds, isAdministrator, userPath } from './user-types';

// What other features may use of this one; web/app and web/pages import its screens directly.
export { homePath } from './home-path';
export { COMPANY_TYPE_LABELS, PACKAGE_LABELS, ROLE_LABELS } from './labels';
export { useCurrentUser } from './use-current-user';
export { useSession } from './use-session';

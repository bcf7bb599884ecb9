export {
  CONSOLE_PACKAGES,
  type ConsoleKind,
  consoleOf,
  hasConsoleRole,
  type UserFacts,
} from './console';
export { homePath } from './home-path';
export { LoginForm } from './LoginForm';
export { COMPANY_TYPE_LABELS, PACKAGE_LABELS, ROLE_LABELS } from './labels';
export { loginPathFor, safeRedirect } from './redirect';
export { endLocalSession, logout, refreshSessionUser } from './session-actions';
export { useCurrentUser } from './use-current-user';
export { useSession } from './use-session';

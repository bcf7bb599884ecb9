export { AccountDetails } from './AccountDetails';
export { CompanyDetails } from './CompanyDetails';
export { PasswordForm } from './PasswordForm';
export { ProfileForm } from './ProfileForm';

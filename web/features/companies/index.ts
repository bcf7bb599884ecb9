export { CompanySettingsForm } from './CompanySettingsForm';
export { SignupForm } from './SignupForm';
export { useCompanySettings } from './use-company-settings';
export { useProtocolCompanies } from './use-protocol-companies';

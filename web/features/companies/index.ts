export { CompanySettingsForm } from './CompanySettingsForm';
export { COMPANY_TYPE_LABELS, PACKAGE_LABELS } from './labels';
export { SignupForm } from './SignupForm';
export { useCompanySettings } from './use-company-settings';
export { useProtocolCompanies } from './use-protocol-companies';

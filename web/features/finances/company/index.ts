// The money screens' acting company (`?company_id=`): finances and discounts use it.
export { ActingCompanySelect } from './ActingCompanySelect';
export { withCompany } from './acting-company-path';
export { PerActingCompany } from './PerActingCompany';
export { useActingCompany, useActingCompanyId } from './use-acting-company';

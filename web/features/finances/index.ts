// Other features link to its pages by path only, but for the money screens' acting company
// (`?company_id=`), which the discounts screens share; web/app and web/pages import its
// screens directly (the ledger's in ledger/).
export {
  ActingCompanySelect,
  PerActingCompany,
  useActingCompany,
  useActingCompanyId,
  withCompany,
} from './company';

import { Fragment, type ReactNode } from 'react';
import { useActingCompanyId } from './use-acting-company';

/**
 * Its screen starts afresh when the company changes: the drafts, the picked drivers and the
 * pages it keeps were the previous company's.
 */
export function PerActingCompany({ children }: { children: ReactNode }) {
  const companyId = useActingCompanyId();
  return <Fragment key={companyId ?? 0}>{children}</Fragment>;
}

import { can } from '@common/auth/page-access';
import { listCompanyChoices } from '@common/users/users.api';
import type { CompanyChoice } from '@common/users/users.schema';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { apiWith } from '../../../lib/api-client';
import { useCurrentUser } from '../../auth';
import { userKeys } from '../../users';
import { companyIdOf } from './acting-company-path';

/**
 * The company the money screens act in: the URL's `?company_id=`, sent with every read and
 * write; undefined sends none, and the server takes the caller's first company as before.
 */
export function useActingCompanyId(): number | undefined {
  const [params] = useSearchParams();
  return companyIdOf(params);
}

// Rows of the previous company: kept, they would ask the next one for a stranger.
const LEFT_BEHIND = ['driver_id', 'page'];

/**
 * The companies the caller may act in and the one shown: the platform admin any (GET
 * /api/companies), anyone else his own; protocol clients have no fleet's money to manage.
 */
export function useActingCompany() {
  const user = useCurrentUser();
  const [params, setParams] = useSearchParams();
  const admin = can(user, 'platformAdmin');
  const all = useQuery({
    queryKey: userKeys.companies,
    queryFn: ({ signal }) => apiWith(listCompanyChoices, { signal }),
    staleTime: 5 * 60_000,
    enabled: admin,
  });
  const known: readonly CompanyChoice[] = admin ? (all.data ?? []) : user.companies;
  const choices = known.filter((company) => company.type !== 'protocol');
  const defaultId = user.companies[0]?.id;
  const companyId = companyIdOf(params);

  const setCompanyId = (id: number) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const key of LEFT_BEHIND) next.delete(key);
        // The caller's first company is the server's default: the URL stays clean for it.
        if (id === defaultId) next.delete('company_id');
        else next.set('company_id', String(id));
        return next;
      },
      { replace: true },
    );

  return {
    /** The URL's company, to send; undefined for the caller's first. */
    companyId,
    /** The company the page shows: the URL's, else the caller's first (none for a bare admin). */
    shownId: companyId ?? defaultId ?? null,
    choices,
    /** Worth a picker only when there is a choice to make. */
    picks: choices.length > 1,
    setCompanyId,
  };
}

import { getTelephonySettings, setTelephonySettings } from '@common/calls/calls.api';
import type { TelephonySettingsBody } from '@common/calls/calls.schema';
import {
  createUser,
  getUser,
  listCompanyChoices,
  listUsers,
  setUserPassword,
  updateUser,
} from '@common/users/users.api';
import type { CompanyChoice, CreateUserBody, UpdateUserBody } from '@common/users/users.schema';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiWith } from '../../lib/api-client';
import { toastSuccess } from '../../lib/toast';
import { useCurrentUser } from '../auth';
import type { ListUsersInput } from './user-keys';
import { userKeys } from './user-keys';
import { isAdministrator } from './user-types';

/** GET /api/users for a list page; the previous page stays shown while the next loads. */
export function useUserList(query: ListUsersInput) {
  return useQuery({
    queryKey: userKeys.list(query),
    queryFn: ({ signal }) => apiWith(listUsers, { signal }, { query }),
    placeholderData: keepPreviousData,
  });
}

export function useUser(id: number) {
  return useQuery({
    queryKey: userKeys.detail(id),
    queryFn: ({ signal }) => apiWith(getUser, { signal }, { params: { id } }),
    enabled: id > 0,
  });
}

/**
 * The companies the caller administers (GET /api/companies), for the forms' company choice and
 * the lists' company filter. A dispatcher administers none: his own companies name the
 * memberships he reads.
 */
export function useCompanyChoices(): { data: CompanyChoice[] | undefined; isPending: boolean } {
  const user = useCurrentUser();
  const administers = isAdministrator(user.roles);
  const query = useQuery({
    queryKey: userKeys.companies,
    queryFn: ({ signal }) => apiWith(listCompanyChoices, { signal }),
    staleTime: 5 * 60_000,
    enabled: administers,
  });
  if (!administers)
    return {
      data: user.companies.map(({ id, name, type }) => ({ id, name, type })),
      isPending: false,
    };
  return { data: query.data, isPending: query.isPending };
}

export function useSaveUser(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateUserBody | UpdateUserBody) =>
      id === 0
        ? api(createUser, { body: body as CreateUserBody })
        : api(updateUser, { params: { id }, body }),
    onSuccess: (user) => {
      queryClient.setQueryData(userKeys.detail(user.id), user);
      void queryClient.invalidateQueries({ queryKey: userKeys.all });
      toastSuccess(id === 0 ? 'Utilizatorul a fost creat.' : 'Modificările au fost salvate.');
    },
  });
}

export function useSetPassword(id: number) {
  return useMutation({
    mutationFn: (password: string) => api(setUserPassword, { params: { id }, body: { password } }),
    onSuccess: () => toastSuccess('Parola a fost schimbată; sesiunile utilizatorului s-au închis.'),
  });
}

export function useTelephony(id: number, enabled: boolean) {
  return useQuery({
    queryKey: userKeys.telephony(id),
    queryFn: ({ signal }) => apiWith(getTelephonySettings, { signal }, { params: { id } }),
    enabled: enabled && id > 0,
  });
}

export function useSaveTelephony(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TelephonySettingsBody) =>
      api(setTelephonySettings, { params: { id }, body }),
    onSuccess: (settings) => {
      queryClient.setQueryData(userKeys.telephony(id), settings);
      toastSuccess('Setările de telefonie au fost salvate.');
    },
  });
}

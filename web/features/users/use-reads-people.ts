import { useSession } from '../auth';
import { readsPeople } from './user-types';

/** Whether the logged user may pick drivers and dispatchers (user-types.ts readsPeople). */
export function useReadsPeople(): boolean {
  return readsPeople(useSession()?.user.roles ?? []);
}

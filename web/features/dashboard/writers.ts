import type { Role } from '@common/auth/auth.schema';

/** Who writes announcements and reports incidents: the server's WRITE roles (dashboard.routes). */
export const NOTE_WRITERS: readonly Role[] = ['admin', 'manager', 'dispatcher'];

export const canReportIncident = (user: { roles: readonly Role[] }) =>
  user.roles.some((role) => NOTE_WRITERS.includes(role));

/** TanStack Query keys of the drivers feature (aesthetics-anchors §3.8). */
export const driverKeys = {
  all: ['drivers'] as const,
  /** SPEC §7 GET /api/drivers-positions: the drivers map's live list. */
  positions: ['drivers', 'positions'] as const,
  /** SPEC §7 GET /api/users/{id} of a driver: the driver card. */
  detail: (id: number) => ['drivers', 'detail', id] as const,
};

/** TanStack Query keys of the zones feature (aesthetics-anchors §3.8). */
export const zoneKeys = {
  all: ['zones'] as const,
  /** SPEC §7 GET /api/polygons/statistics. */
  statistics: ['zones', 'statistics'] as const,
  /** SPEC §7 GET /api/statistics/drivers-info?polygon_id. */
  driversInfo: (polygonId: number) => ['zones', 'drivers-info', polygonId] as const,
};

/** TanStack Query keys of the zones feature. */
export const zoneKeys = {
  all: ['zones'] as const,
  /** GET /api/polygons/statistics. */
  statistics: ['zones', 'statistics'] as const,
  /** GET /api/statistics/drivers-info?polygon_id. */
  driversInfo: (polygonId: number) => ['zones', 'drivers-info', polygonId] as const,
};

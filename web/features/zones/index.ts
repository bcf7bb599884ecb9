// What other features may use of this one; web/app and web/pages import its screens directly.
export { useZoneStatistics } from './use-zone-statistics';
export { POLYGONS_KEY, usePolygons } from './use-zones';
export { ZoneStatisticsButton } from './ZoneStatisticsButton';

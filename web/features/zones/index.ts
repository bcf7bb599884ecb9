export { useZoneStatistics } from './use-zone-statistics';
export { POLYGONS_KEY, usePolygons } from './use-zones';
export { ZoneStatisticsButton } from './ZoneStatisticsButton';
export { ZonesEditor } from './ZonesEditor';

import { listPolygons } from '@common/zones/zones.api';
import { useQuery } from '@tanstack/react-query';
import { apiWith } from '../../lib/api-client';
import { POLYGONS_KEY } from '../zones';

/**
 * GET /api/polygons for the drivers map's 'Afișează zonele', read when first shown: the
 * zone editor's cache entry, so a zone saved there shows here at once.
 */
export function useMapZones(enabled: boolean) {
  return useQuery({
    queryKey: POLYGONS_KEY,
    queryFn: ({ signal }) => apiWith(listPolygons, { signal }),
    enabled,
  });
}

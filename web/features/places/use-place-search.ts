import { getPlaceDetailsNew, searchPlacesNew } from '@common/places/places.api';
import {
  PLACES_DEBOUNCE_MS,
  PLACES_MIN_QUERY,
  PLACES_RADIUS_M,
  type PlaceDetails,
  type Prediction,
} from '@common/places/places.schema';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { api, apiWith } from '../../lib/api-client';
import { newIdempotencyKey } from '../../lib/idempotency';
import type { MapCenter } from '../../map/company-center';

/** A Google-style session token: one per address being typed, renewed after each pick. */
export const newSessionToken = newIdempotencyKey;

/** Search only after more than 2 characters. */
export const isSearchable = (text: string) => text.trim().length >= PLACES_MIN_QUERY;

/**
 * POST /places-search-new, debounced 500 ms, limited to a 50 km circle around the
 * company, Romanian, in Romania.
 */
export function usePlaceSearch(
  text: string,
  center: MapCenter,
  sessionToken: string,
  active: boolean,
) {
  const [debounced] = useDebouncedValue(text.trim(), PLACES_DEBOUNCE_MS);
  // The debounced text must also still be what is typed (no search for a stale prefix).
  const enabled = active && isSearchable(debounced) && debounced === text.trim();
  return useQuery({
    queryKey: ['places', 'search', debounced, center.lat, center.lng],
    queryFn: ({ signal }) =>
      apiWith(
        searchPlacesNew,
        { signal },
        {
          body: {
            input: debounced,
            languageCode: 'ro',
            includedRegionCodes: ['ro'],
            locationRestriction: {
              circle: {
                center: { latitude: center.lat, longitude: center.lng },
                radius: PLACES_RADIUS_M,
              },
            },
            sessionToken,
          },
        },
      ),
    enabled,
    staleTime: 60_000,
    select: (data) => data.predictions,
  });
}

/** Where a picked prediction is: internal places carry their coordinates, others ask details. */
export async function resolvePrediction(
  prediction: Prediction,
  sessionToken: string,
): Promise<PlaceDetails> {
  if (prediction.is_internal && prediction.lat !== undefined && prediction.lng !== undefined) {
    return {
      place_id: prediction.place_id,
      name: prediction.description,
      lat: prediction.lat,
      lng: prediction.lng,
      is_internal: true,
      comment: prediction.comment ?? null,
      bloc: prediction.bloc ?? null,
      scara: prediction.scara ?? null,
      reper: prediction.reper ?? null,
    };
  }
  const details = await api(getPlaceDetailsNew, {
    params: { id: prediction.place_id },
    query: { sessionToken },
  });
  // The operator picked the description they read; keep it as the address text.
  return { ...details, name: prediction.description || details.name };
}

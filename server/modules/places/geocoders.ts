import type { PlaceDetails, Prediction } from '@common/places/places.schema';
import { z } from 'zod';
import type { Config } from '../../config';
import { externalPlaceId } from './place-id';

/**
 * External geocoders, optional: the product works offline without them. Each
 * speaks its provider's documented HTTP API; the service adds their predictions after the local
 * ones and drops them when the provider is slow or failing.
 */
export interface GeocoderSearch {
  input: string;
  centre: { lat: number; lng: number };
  radiusM: number;
  sessionToken?: string;
  signal: AbortSignal;
}

export interface Geocoder {
  /** The provider's name inside `ext:<provider>:<id>` place ids. */
  readonly provider: 'nominatim' | 'google';
  autocomplete(search: GeocoderSearch): Promise<Prediction[]>;
  /** Where an id of this provider is; null when the provider does not know it. */
  details(id: string, signal: AbortSignal): Promise<PlaceDetails | null>;
}

/** Romania only, language ro. */
const COUNTRY = 'ro';
const LANGUAGE = 'ro';
const USER_AGENT = 'OGO-Dispatch/0.1 (address search)';

const termsOf = (parts: string[]) => {
  let offset = 0;
  return parts.map((value) => {
    const term = { offset, value };
    offset += value.length + 2;
    return term;
  });
};

async function fetchJson(url: URL, init: RequestInit): Promise<unknown> {
  const response = await fetch(url, init);
  if (!response.ok) {
    // Read the body so the socket is released; its text is not shown to anyone.
    await response.text().catch(() => '');
    throw new Error(`${url.host} answered ${response.status}`);
  }
  return response.json();
}

const external = (id: string, name: string, lat: number, lng: number): PlaceDetails => ({
  place_id: id,
  name,
  lat,
  lng,
  is_internal: false,
  comment: null,
  bloc: null,
  scara: null,
  reper: null,
});

// --- Nominatim (https://nominatim.org/release-docs/latest/api/Search/) -----------------------

const NominatimPlaceSchema = z.object({
  osm_type: z.enum(['node', 'way', 'relation']),
  osm_id: z.coerce.number().int(),
  lat: z.coerce.number(),
  lon: z.coerce.number(),
  display_name: z.string(),
  name: z.string().nullish(),
});
type NominatimPlace = z.infer<typeof NominatimPlaceSchema>;
const NominatimListSchema = z.array(NominatimPlaceSchema);

/** Nominatim's /lookup takes N123, W123, R123. */
const nominatimKey = (place: NominatimPlace) =>
  `${place.osm_type[0]?.toUpperCase()}${place.osm_id}`;

function nominatimPrediction(place: NominatimPlace): Prediction {
  const parts = place.display_name.split(', ').filter(Boolean);
  const name = place.name || parts[0] || place.display_name;
  // 'Name, City' like the local predictions: the name and the first place after it.
  const rest = parts.filter((part) => part !== name && !/^\d+$/.test(part));
  const description = rest[0] ? `${name}, ${rest[0]}` : name;
  return {
    place_id: externalPlaceId('nominatim', nominatimKey(place)),
    description,
    terms: termsOf(description.split(', ')),
  };
}

export function createNominatim(baseUrl: string): Geocoder {
  const base = baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`;
  const headers = { 'user-agent': USER_AGENT, accept: 'application/json' };
  return {
    provider: 'nominatim',
    async autocomplete({ input, centre, radiusM, signal }) {
      const dLat = radiusM / 111_320;
      const dLng = radiusM / (111_320 * Math.cos((centre.lat * Math.PI) / 180));
      const url = new URL('search', base);
      url.search = new URLSearchParams({
        format: 'jsonv2',
        q: input,
        countrycodes: COUNTRY,
        'accept-language': LANGUAGE,
        // viewbox is left,top,right,bottom (lon/lat); bounded=1 keeps results inside it.
        viewbox: [centre.lng - dLng, centre.lat + dLat, centre.lng + dLng, centre.lat - dLat]
          .map((value) => value.toFixed(5))
          .join(','),
        bounded: '1',
        limit: '5',
      }).toString();
      const places = NominatimListSchema.parse(await fetchJson(url, { headers, signal }));
      return places.map(nominatimPrediction);
    },
    async details(id, signal) {
      if (!/^[NWR]\d{1,15}$/.test(id)) return null;
      const url = new URL('lookup', base);
      url.search = new URLSearchParams({
        format: 'jsonv2',
        osm_ids: id,
        'accept-language': LANGUAGE,
      }).toString();
      const [place] = NominatimListSchema.parse(await fetchJson(url, { headers, signal }));
      if (!place) return null;
      return external(
        externalPlaceId('nominatim', id),
        nominatimPrediction(place).description,
        place.lat,
        place.lon,
      );
    },
  };
}

// --- Google Places API (New) (https://developers.google.com/maps/documentation/places/web-service/place-autocomplete)

const GOOGLE_URL = 'https://places.googleapis.com/';

const GoogleAutocompleteSchema = z.object({
  suggestions: z
    .array(
      z.object({
        placePrediction: z
          .object({
            placeId: z.string(),
            text: z.object({ text: z.string() }),
            structuredFormat: z
              .object({
                mainText: z.object({ text: z.string() }),
                secondaryText: z.object({ text: z.string() }).optional(),
              })
              .optional(),
          })
          .optional(),
      }),
    )
    .default([]),
});

const GooglePlaceSchema = z.object({
  id: z.string(),
  displayName: z.object({ text: z.string() }).optional(),
  formattedAddress: z.string().optional(),
  location: z.object({ latitude: z.number(), longitude: z.number() }),
});

export function createGooglePlaces(apiKey: string, baseUrl = GOOGLE_URL): Geocoder {
  const base = baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`;
  return {
    provider: 'google',
    async autocomplete({ input, centre, radiusM, sessionToken, signal }) {
      const body = {
        input,
        languageCode: LANGUAGE,
        includedRegionCodes: [COUNTRY],
        locationRestriction: {
          circle: {
            center: { latitude: centre.lat, longitude: centre.lng },
            // Google caps the circle at 50 km.
            radius: Math.min(radiusM, 50_000),
          },
        },
        ...(sessionToken ? { sessionToken } : {}),
      };
      const answer = GoogleAutocompleteSchema.parse(
        await fetchJson(new URL('v1/places:autocomplete', base), {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-goog-api-key': apiKey },
          body: JSON.stringify(body),
          signal,
        }),
      );
      const predictions: Prediction[] = [];
      for (const { placePrediction: p } of answer.suggestions) {
        if (!p) continue;
        const parts = p.structuredFormat
          ? [p.structuredFormat.mainText.text, p.structuredFormat.secondaryText?.text ?? '']
          : p.text.text.split(', ');
        const description = parts.filter(Boolean).join(', ');
        predictions.push({
          place_id: externalPlaceId('google', p.placeId),
          description,
          terms: termsOf(parts.filter(Boolean)),
        });
      }
      return predictions;
    },
    async details(id, signal) {
      if (!/^[\w-]{1,300}$/.test(id)) return null;
      const place = GooglePlaceSchema.parse(
        await fetchJson(new URL(`v1/places/${encodeURIComponent(id)}`, base), {
          headers: {
            'x-goog-api-key': apiKey,
            'x-goog-fieldmask': 'id,displayName,formattedAddress,location',
          },
          signal,
        }),
      );
      return external(
        externalPlaceId('google', place.id),
        place.formattedAddress ?? place.displayName?.text ?? place.id,
        place.location.latitude,
        place.location.longitude,
      );
    },
  };
}

/** The geocoder the configuration asks for, or none (config.ts checks the required settings). */
export function geocoderFromConfig(config: Config): Geocoder | null {
  if (config.GEOCODER === 'nominatim' && config.GEOCODER_URL) {
    return createNominatim(config.GEOCODER_URL);
  }
  if (config.GEOCODER === 'google' && config.GOOGLE_PLACES_API_KEY) {
    return createGooglePlaces(config.GOOGLE_PLACES_API_KEY, config.GEOCODER_URL ?? GOOGLE_URL);
  }
  return null;
}

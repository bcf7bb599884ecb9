import { z } from 'zod';
import { defineEndpoint } from '../http/define-endpoint';
import { requiredText, text } from '../http/fields';
import {
  AddPlaceBodySchema,
  PlaceDetailsSchema,
  PlacesSearchNewBodySchema,
  PredictionsSchema,
} from './places.schema';

/**
 * Address service: a separate service in the original product; here a plugin of the
 * same process under its own prefix, which the web reads from the runtime config.
 */
export const PLACES_PREFIX = '/geo';

export const searchPlacesNew = defineEndpoint({
  method: 'POST',
  path: `${PLACES_PREFIX}/places-search-new`,
  body: PlacesSearchNewBodySchema,
  response: PredictionsSchema,
});

export const getPlaceDetailsNew = defineEndpoint({
  method: 'GET',
  path: `${PLACES_PREFIX}/place-details-new/:id`,
  params: z.object({ id: requiredText(300) }),
  query: z.strictObject({ sessionToken: text(100).optional() }),
  response: PlaceDetailsSchema,
});

export const addPlace = defineEndpoint({
  method: 'POST',
  path: `${PLACES_PREFIX}/add-place`,
  body: AddPlaceBodySchema,
  response: PlaceDetailsSchema,
  status: 201,
});

export const deletePlace = defineEndpoint({
  method: 'DELETE',
  path: `${PLACES_PREFIX}/delete-place/:id`,
  params: z.object({ id: requiredText(300) }),
  response: z.null(),
  status: 204,
});

/** Older variant: GET places-search?input&language&components&location&radius&strictbounds. */
export const searchPlacesOld = defineEndpoint({
  method: 'GET',
  path: `${PLACES_PREFIX}/places-search`,
  query: z.strictObject({
    input: requiredText(200),
    language: text(10).optional(),
    components: text(50).optional(),
    location: z
      .string()
      .regex(/^-?\d+(\.\d+)?,-?\d+(\.\d+)?$/)
      .optional(),
    radius: z.coerce.number().min(1).max(500_000).optional(),
    strictbounds: text(10).optional(),
    sessiontoken: text(100).optional(),
  }),
  response: PredictionsSchema,
});

/** Older: place-details?place_id&fields=geometry (Google shape: result.geometry.location). */
const GeometryResultSchema = z.object({
  result: z.object({
    place_id: z.string(),
    name: z.string(),
    formatted_address: z.string(),
    geometry: z.object({ location: z.object({ lat: z.number(), lng: z.number() }) }),
  }),
  status: z.string(),
});

export const getPlaceDetailsOld = defineEndpoint({
  method: 'GET',
  path: `${PLACES_PREFIX}/place-details`,
  query: z.strictObject({
    place_id: requiredText(300),
    fields: text(200).optional(),
    sessiontoken: text(100).optional(),
  }),
  response: GeometryResultSchema,
  // No place of that id.
  errors: [404],
});

export const geocodePlaceOld = defineEndpoint({
  method: 'GET',
  path: `${PLACES_PREFIX}/place-geocode`,
  query: z.strictObject({
    place_id: requiredText(300),
    fields: text(200).optional(),
    language: text(10).optional(),
  }),
  response: GeometryResultSchema,
  // No place of that id.
  errors: [404],
});

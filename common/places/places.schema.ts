import { z } from 'zod';
import { requiredText, text } from '../http/fields';

/** Search starts after more than 2 characters (new variant), debounced 500 ms. */
export const PLACES_MIN_QUERY = 3;
export const PLACES_DEBOUNCE_MS = 500;
/** Radius 50 000 m (new) or 25 000 m (old); Romania only; language ro. */
export const PLACES_RADIUS_M = 50_000;
export const PLACES_RADIUS_OLD_M = 25_000;

/** A prediction term (Google-style: the parts of the description). */
export const PredictionTermSchema = z.object({ offset: z.number().int(), value: z.string() });

/**
 * Address service prediction: place_id, description, terms, and for internal places
 * (saved by operators) is_internal, lat, lng, comment, bloc, scara, reper.
 */
export const PredictionSchema = z.object({
  place_id: z.string(),
  description: z.string(),
  terms: z.array(PredictionTermSchema),
  is_internal: z.boolean().optional(),
  lat: z.number().optional(),
  lng: z.number().optional(),
  comment: z.string().nullable().optional(),
  bloc: z.string().nullable().optional(),
  scara: z.string().nullable().optional(),
  reper: z.string().nullable().optional(),
});
export type Prediction = z.infer<typeof PredictionSchema>;

export const PredictionsSchema = z.object({ predictions: z.array(PredictionSchema) });

const LatLngSchema = z.object({
  latitude: z.number().min(-90).max(90),
  longitude: z.number().min(-180).max(180),
});

/** POST /places-search-new body (Google Places "new" shape). */
export const PlacesSearchNewBodySchema = z.strictObject({
  input: z
    .string()
    .trim()
    .min(PLACES_MIN_QUERY, `Cel puțin ${PLACES_MIN_QUERY} caractere.`)
    .max(200),
  languageCode: text(10).optional(),
  includedRegionCodes: z.array(text(5)).max(5).optional(),
  locationRestriction: z
    .object({ circle: z.object({ center: LatLngSchema, radius: z.number().min(1).max(500_000) }) })
    .optional(),
  sessionToken: text(100).optional(),
});
export type PlacesSearchNewBody = z.infer<typeof PlacesSearchNewBodySchema>;

/** GET /place-details-new/{id}: where a prediction is. */
export const PlaceDetailsSchema = z.object({
  place_id: z.string(),
  name: z.string(),
  lat: z.number(),
  lng: z.number(),
  is_internal: z.boolean(),
  comment: z.string().nullable(),
  bloc: z.string().nullable(),
  scara: z.string().nullable(),
  reper: z.string().nullable(),
});
export type PlaceDetails = z.infer<typeof PlaceDetailsSchema>;

/** POST /add-place: an operator saves a place (with bloc, scara, reper) for everyone. */
export const AddPlaceBodySchema = z.strictObject({
  place_id: text(300).nullish(),
  name: requiredText(300, 'Denumirea este obligatorie.'),
  scara: text(50).nullish(),
  bloc: text(50).nullish(),
  reper: text(200).nullish(),
  comment: text(500).nullish(),
  lat: z.number().min(-90).max(90),
  lng: z.number().min(-180).max(180),
});

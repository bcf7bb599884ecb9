import { FALLBACK_MAP_CENTER } from '@common/lib/geo';
import {
  type AddPlaceBodySchema,
  PLACES_MIN_QUERY,
  PLACES_RADIUS_M,
  PLACES_RADIUS_OLD_M,
  type PlaceDetails,
  type PlacesSearchNewBody,
  type Prediction,
} from '@common/places/places.schema';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { AppError, forbidden, notFound } from '../../http/app-error';
import { type AuthContext, scopeOf } from '../../http/auth-context';
import { TaggedCache } from '../../lib/tagged-cache';
import { createGazetteerIndex, type GazetteerIndex } from './gazetteer-index';
import type { Geocoder } from './geocoders';
import { createInternalPlaces, STALE_FOR_MS } from './internal-places';
import { internalPlaceId, osmPlaceId, parsePlaceId } from './place-id';
import * as repo from './places.repo';

/** Predictions answered from our own data; the external geocoder's follow. */
const LOCAL_LIMIT = 10;
const INTERNAL_LIMIT = 5;
/**
 * Saved places read before the house number sorts them (splitHouseNumber): the trigram ranking
 * holds 'Lăpușneanu 17', '71' and '7A' as close to 'Lăpușneanu 7' as 7 itself, so a company with
 * many saved places on the street could leave its number 7 out of the first five.
 */
const INTERNAL_HOUSE_FETCH = 30;
const EXTERNAL_LIMIT = 5;
/** The database's first, cheap pass while the index loads (see search()). */
const NEAR_RADIUS_M = 5_000;
/** Fetched before merging street segments of the same name, so 10 distinct remain. */
const GAZETTEER_FETCH = 30;
/**
 * How long a search waits for the in-memory index to (re)load before asking the database: a
 * small gazetteer loads in milliseconds; 200,000 rows take 4 s on PostgreSQL, 10-40 s on PGlite.
 */
const INDEX_WAIT_MS = 1_000;
/**
 * How long a company's centre (companies.lat/lng) is kept. Nothing in this process updates a
 * company's coordinates (they come from the seed or SQL by an operator), so there is no write to
 * invalidate on: a minute bounds how long a moved company still searches around its old centre.
 */
const CENTRE_TTL_MS = 60_000;

export interface PlacesServiceOptions {
  geocoder: Geocoder | null;
  geocoderTimeoutMs: number;
  logger: Pick<FastifyBaseLogger, 'warn'>;
  /** The in-memory gazetteer index (default: one over `db`, reloaded every 10 minutes). */
  gazetteerIndex?: GazetteerIndex;
  /** Cache lifetimes (tests): the company centre (60 s), internal places (30 s). */
  centreTtlMs?: number;
  internalTtlMs?: number;
}

type AddPlaceBody = z.infer<typeof AddPlaceBodySchema>;

/** A gazetteer row as a prediction needs it, from the index or the database. */
interface GazetteerHit {
  osm_type: string;
  osm_id: number;
  kind: string;
  name: string;
  city: string | null;
  county: string | null;
}

/** For comparing names: lower case, no diacritics ('Ștefan' = 'stefan'). */
const folded = (text: string) =>
  text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();

const termsOf = (parts: string[]) => {
  let offset = 0;
  return parts.map((value) => {
    const term = { offset, value };
    offset += value.length + 2;
    return term;
  });
};

/** Description 'Name, City' and its terms. */
function labelOf(name: string, where: string | null) {
  const parts = where && folded(where) !== folded(name) ? [name, where] : [name];
  return { description: parts.join(', '), terms: termsOf(parts) };
}

const internalDetails = (place: repo.InternalPlace): PlaceDetails => ({
  place_id: internalPlaceId(place.id),
  name: place.name,
  lat: place.lat,
  lng: place.lng,
  is_internal: true,
  comment: place.comment,
  bloc: place.bloc,
  scara: place.scara,
  reper: place.reper,
});

const internalPrediction = (place: repo.InternalPlace): Prediction => ({
  place_id: internalPlaceId(place.id),
  ...labelOf(place.name, null),
  is_internal: true,
  lat: place.lat,
  lng: place.lng,
  comment: place.comment,
  bloc: place.bloc,
  scara: place.scara,
  reper: place.reper,
});

/** A locality's place is its county; anything else's its city. */
const whereOf = (row: { kind: string; city: string | null; county: string | null }) =>
  row.kind === 'locality' ? row.county : (row.city ?? row.county);

const gazetteerPrediction = (row: GazetteerHit): Prediction => ({
  place_id: osmPlaceId(row.osm_type, row.osm_id),
  ...labelOf(row.name, whereOf(row)),
});

/** 'stefan cel mare 12', 'Cuza Vodă, nr. 25A' → the street part and the house number. */
const HOUSE_QUERY = /^(.{3,}?)[\s,]+(?:nr\.?\s*)?(\d{1,4}\s?[a-z]?)$/iu;

export function splitHouseNumber(text: string): { street: string; number: string } | null {
  const match = HOUSE_QUERY.exec(text);
  if (!match?.[1] || !match[2]) return null;
  return { street: match[1].replace(/[\s,]+$/u, ''), number: match[2].replace(/\s/gu, '') };
}

/** A name's words and numbers, folded, with a house letter kept on its number ('7 A' → '7a'). */
const addressTokens = (text: string) =>
  repo
    .foldText(text)
    .replace(/(\d)\s+([a-z])(?![\p{L}\p{N}])/gu, '$1$2')
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);

/**
 * Whether a saved place's free-text name holds the typed house number as a number of its own:
 * 'Strada Lăpușneanu 7' and 'Lăpușneanu nr. 7, bloc B2' for 7, not '17', '71' or '7A'. A number
 * that is part of the typed street ('Strada 1 Mai 1') must occur once more in the name.
 */
export function holdsHouseNumber(name: string, house: { street: string; number: string }) {
  const number = house.number.toLowerCase();
  const count = (tokens: string[]) => tokens.filter((token) => token === number).length;
  return count(addressTokens(name)) > count(addressTokens(house.street));
}

export function createPlacesService(db: Db, options: PlacesServiceOptions) {
  const { geocoder, logger } = options;
  const index = options.gazetteerIndex ?? createGazetteerIndex(db, { logger });
  const onReloadError = (error: unknown) =>
    logger.warn({ err: error }, 'address search cache reload failed; the old copy answers');
  const internalPlaces = createInternalPlaces(db, {
    ttlMs: options.internalTtlMs,
    onReloadError,
  });
  /** By the user's list of companies (usually one): the first of them with coordinates. */
  const centres = new TaggedCache<string, repo.Centre | null>({
    ttlMs: options.centreTtlMs ?? CENTRE_TTL_MS,
    staleForMs: STALE_FOR_MS,
    onReloadError,
  });

  /** Radius around the company (companies.lat/lng, else the fallback centre). */
  async function centreOf(auth: AuthContext) {
    if (auth.companyIds.length === 0) return FALLBACK_MAP_CENTER;
    const centre = await centres.get(auth.companyIds.join(','), [], () =>
      repo.companyCentre(db, auth.companyIds),
    );
    return centre ?? FALLBACK_MAP_CENTER;
  }

  /** The provider's predictions, or none when it is slow or failing: local ones still answer. */
  async function externalPredictions(search: {
    input: string;
    centre: { lat: number; lng: number };
    radiusM: number;
    sessionToken?: string;
  }): Promise<Prediction[]> {
    if (!geocoder) return [];
    try {
      const signal = AbortSignal.timeout(options.geocoderTimeoutMs);
      return (await geocoder.autocomplete({ ...search, signal })).slice(0, EXTERNAL_LIMIT);
    } catch (error) {
      logger.warn(
        { err: error, provider: geocoder.provider },
        'geocoder failed; answering local places only',
      );
      return [];
    }
  }

  async function search(
    auth: AuthContext,
    input: string,
    area: { centre: { lat: number; lng: number }; radiusM: number } | null,
    defaultRadiusM: number,
    sessionToken?: string,
  ): Promise<Prediction[]> {
    const text = input.trim();
    // Search starts after more than 2 characters.
    if (text.length < PLACES_MIN_QUERY) return [];
    const centre = area?.centre ?? (await centreOf(auth));
    const radiusM = area?.radiusM ?? defaultRadiusM;
    const externalPromise = externalPredictions({ input: text, centre, radiusM, sessionToken });

    // The caller's own saved places come first (is_internal), from memory; after the
    // one at a typed house number and the gazetteer's house (below).
    const house = splitHouseNumber(text);
    const saved = await internalPlaces.search(scopeOf(auth), {
      input: text,
      centre,
      limit: house ? INTERNAL_HOUSE_FETCH : INTERNAL_LIMIT,
    });
    const query = {
      input: house?.street ?? text,
      centre,
      housenumber: house?.number ?? null,
      limit: GAZETTEER_FETCH,
    };
    // The in-memory index answers (gazetteer-index.ts): every typed word as a word prefix, then
    // typos (one edit, then trigram similarity). While it loads (first search, or after an
    // import in this process), the database's words passes answer: nearby first (a common word
    // matches tens of thousands of rows in a region, a few hundred within NEAR_RADIUS_M), then
    // the whole radius, then its trigram similarity when no row holds every word. A query
    // without a word of 3+ letters has nothing for the index: the database's trigrams try it.
    let rows: GazetteerHit[] = [];
    const hasWords = repo.wordsOf(query.input).length > 0;
    const snapshot = hasWords ? await index.ready(INDEX_WAIT_MS) : null;
    if (snapshot) rows = snapshot.search({ ...query, radiusM });
    else {
      if (hasWords && radiusM > NEAR_RADIUS_M) {
        rows = await repo.searchGazetteer(db, { ...query, radiusM: NEAR_RADIUS_M, mode: 'words' });
      }
      if (hasWords && rows.length < LOCAL_LIMIT) {
        rows = await repo.searchGazetteer(db, { ...query, radiusM, mode: 'words' });
      }
      if (rows.length === 0)
        rows = await repo.searchGazetteer(db, { ...query, radiusM, mode: 'fuzzy' });
    }

    // A typed house number puts that very address first: the saved places at that number, then
    // the gazetteer's house (its only houses are the asked one), then the rest as ranked. The
    // saved places' trigram ranking alone put '17', '71' and '7A' before 7.
    const atHouse = (place: repo.InternalPlace) =>
      house !== null && holdsHouseNumber(place.name, house);
    const houseFirst = [...saved.filter(atHouse), ...saved.filter((place) => !atHouse(place))];
    const internal = houseFirst.slice(0, INTERNAL_LIMIT);
    const predictions: Prediction[] = [];
    const seen = new Set(internal.map((place) => folded(internalPrediction(place).description)));
    const addSaved = (place: repo.InternalPlace) => predictions.push(internalPrediction(place));
    let roomForRows = LOCAL_LIMIT - internal.length;
    const addRow = (row: GazetteerHit) => {
      // A street is several OSM ways: keep the nearest segment of each name in a city.
      const prediction = gazetteerPrediction(row);
      const key = folded(prediction.description);
      if (roomForRows <= 0 || seen.has(key)) return;
      seen.add(key);
      predictions.push(prediction);
      roomForRows--;
    };
    for (const place of internal) if (atHouse(place)) addSaved(place);
    for (const row of rows) if (row.kind === 'house') addRow(row);
    for (const place of internal) if (!atHouse(place)) addSaved(place);
    for (const row of rows) if (row.kind !== 'house') addRow(row);
    for (const prediction of await externalPromise) {
      const key = folded(prediction.description);
      if (seen.has(key)) continue;
      seen.add(key);
      predictions.push(prediction);
    }
    return predictions;
  }

  /** POST /places-search-new; locationRestriction overrides the company's circle. */
  async function searchNew(auth: AuthContext, body: PlacesSearchNewBody) {
    const circle = body.locationRestriction?.circle;
    const area = circle
      ? {
          centre: { lat: circle.center.latitude, lng: circle.center.longitude },
          radiusM: circle.radius,
        }
      : null;
    return {
      predictions: await search(auth, body.input, area, PLACES_RADIUS_M, body.sessionToken),
    };
  }

  /** Older GET /places-search: location 'lat,lng' and radius (25 km by default). */
  async function searchOld(
    auth: AuthContext,
    query: { input: string; location?: string; radius?: number; sessiontoken?: string },
  ) {
    let area: { centre: { lat: number; lng: number }; radiusM: number } | null = null;
    if (query.location) {
      const [lat, lng] = query.location.split(',').map(Number) as [number, number];
      if (Math.abs(lat) > 90 || Math.abs(lng) > 180) {
        throw new AppError('validation_failed', 'Datele trimise nu sunt valide.', {
          location: ['Coordonate invalide.'],
        });
      }
      area = { centre: { lat, lng }, radiusM: query.radius ?? PLACES_RADIUS_OLD_M };
    } else if (query.radius) {
      area = { centre: await centreOf(auth), radiusM: query.radius };
    }
    return {
      predictions: await search(auth, query.input, area, PLACES_RADIUS_OLD_M, query.sessiontoken),
    };
  }

  /** GET /place-details-new/{id}: any id a prediction carried. */
  async function details(auth: AuthContext, id: string): Promise<PlaceDetails> {
    const ref = parsePlaceId(id);
    if (ref?.source === 'internal') {
      const place = await repo.findInternal(db, scopeOf(auth), ref.id);
      if (place) return internalDetails(place);
    } else if (ref?.source === 'osm') {
      const row = await repo.findGazetteer(db, ref.osmType, ref.osmId);
      if (row) {
        return {
          place_id: osmPlaceId(row.osm_type, row.osm_id),
          name: labelOf(row.name, whereOf(row)).description,
          lat: row.lat,
          lng: row.lng,
          is_internal: false,
          comment: null,
          bloc: null,
          scara: null,
          reper: null,
        };
      }
    } else if (ref?.source === 'ext' && geocoder && ref.provider === geocoder.provider) {
      let place: PlaceDetails | null;
      try {
        place = await geocoder.details(ref.id, AbortSignal.timeout(options.geocoderTimeoutMs));
      } catch (error) {
        logger.warn({ err: error, provider: geocoder.provider }, 'geocoder details failed');
        throw new AppError('unavailable', 'Serviciul de adrese nu răspunde. Încercați din nou.');
      }
      if (place) return place;
    }
    throw notFound('address');
  }

  /** Older place-details / place-geocode: the Google-style `result.geometry.location`. */
  async function detailsOld(auth: AuthContext, placeId: string) {
    const place = await details(auth, placeId);
    return {
      result: {
        place_id: place.place_id,
        name: place.name,
        formatted_address: place.name,
        geometry: { location: { lat: place.lat, lng: place.lng } },
      },
      status: 'OK',
    };
  }

  /** POST /add-place: saved for the caller's company, found by its operators first. */
  async function add(auth: AuthContext, body: AddPlaceBody): Promise<PlaceDetails> {
    const companyId = auth.companyIds[0];
    // A place belongs to a company; a user of none (a bare platform admin) has nowhere to save it.
    if (companyId === undefined) throw forbidden();
    const place = await repo.insertInternal(db, {
      company_id: companyId,
      name: body.name,
      lat: body.lat,
      lng: body.lng,
      comment: body.comment || null,
      bloc: body.bloc || null,
      scara: body.scara || null,
      reper: body.reper || null,
      source_place_id: body.place_id || null,
      created_by: auth.userId,
    });
    internalPlaces.changed(companyId);
    return internalDetails(place);
  }

  /** DELETE /delete-place/{id}: only the company's own; another's answers 404. */
  async function remove(auth: AuthContext, id: string): Promise<null> {
    const ref = parsePlaceId(id);
    const companyId =
      ref?.source === 'internal' ? await repo.deleteInternal(db, scopeOf(auth), ref.id) : null;
    if (companyId === null) throw notFound('address');
    internalPlaces.changed(companyId);
    return null;
  }

  /** Stops the index's periodic reload (the app's onClose). */
  const close = () => index.close();

  return { searchNew, searchOld, details, detailsOld, add, remove, close };
}

export type PlacesService = ReturnType<typeof createPlacesService>;

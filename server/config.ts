import { z } from 'zod';
import { DEFAULT_PGLITE_WORKER_NICE } from './db/pglite-worker-messages';
import { DEFAULT_ACCEPT_PROBABILITY, DEFAULT_CANCEL_PROBABILITY } from './simulator/movement';

const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

const optionalUrl = (protocols: string[]) =>
  z
    .string()
    .trim()
    .optional()
    .transform((value) => (value === '' ? undefined : value))
    .refine(
      (value) => value === undefined || protocols.some((p) => value.startsWith(`${p}://`)),
      `must be a URL starting with ${protocols.map((p) => `${p}://`).join(' or ')}`,
    );

/** OpenStreetMap's standard raster tiles: the default basemap (attribution required). */
export const OSM_TILES_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';

/**
 * The basemap's XYZ tile template. Empty means no basemap (a plain background: the product
 * works offline); otherwise an http(s) URL with {z}, {x} and {y}.
 */
const mapTilesUrl = z
  .string()
  .trim()
  .default(OSM_TILES_URL)
  .transform((value) => (value === '' ? undefined : value))
  .refine(
    (value) =>
      value === undefined ||
      (/^https?:\/\/[^/{}]+\//.test(value) &&
        ['{z}', '{x}', '{y}'].every((p) => value.includes(p))),
    `must be empty or an http(s) URL with {z}, {x} and {y}, e.g. ${OSM_TILES_URL}`,
  );

/** Environment variables, documented in .env.example and docs/OPERATIONS.md. */
const EnvSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().min(1).default('0.0.0.0'),
    PUBLIC_URL: z.url().default('http://localhost:3000'),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: optionalUrl(['postgres', 'postgresql']),
    REDIS_URL: optionalUrl(['redis', 'rediss']),
    SEED_DEMO: booleanFlag.default(true),
    LOG_LEVEL: z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
      .default('info'),
    /**
     * A request answered in this many ms or more is logged at info ('slow request'); quicker
     * reads log at debug, writes and refusals at info whatever their time. 0 = every request.
     */
    SLOW_REQUEST_MS: z.coerce.number().int().min(0).max(600_000).default(1_000),
    WEB_DIST_DIR: z.string().min(1).default('./dist/web'),
    /** Absolute lifetime of a session token; a dispatcher's shift fits in it. */
    TOKEN_TTL_HOURS: z.coerce
      .number()
      .min(0.01)
      .max(24 * 30)
      .default(12),
    /**
     * Failed logins allowed within LOGIN_WINDOW_MINUTES (docs/DECISIONS.md "Login limits"): per
     * account from one address, and per account on one device that holds its device cookie.
     */
    LOGIN_MAX_FAILURES_PER_ACCOUNT: z.coerce.number().int().min(1).default(10),
    /** …per address, whatever the accounts. */
    LOGIN_MAX_FAILURES_PER_IP: z.coerce.number().int().min(1).default(50),
    /**
     * …per account from every device without its device cookie together (guessing spread over
     * many addresses); 25 per 15 minutes is ASVS 4 2.2.1's 100 an hour.
     */
    LOGIN_MAX_FAILURES_PER_ACCOUNT_UNKNOWN_DEVICES: z.coerce.number().int().min(1).default(25),
    LOGIN_WINDOW_MINUTES: z.coerce.number().min(0.01).default(15),
    /** Sign-ups (POST /api/company) allowed per address within LOGIN_WINDOW_MINUTES. */
    SIGNUP_MAX_PER_IP: z.coerce.number().int().min(1).default(10),
    TRUST_PROXY: booleanFlag.default(false),
    DRIVER_APP_URL: z.url().default('https://play.google.com/store/apps/details?id=md.ogo.driver'),
    DRIVER_APP_BETA_URL: z.url().default('https://play.google.com/apps/testing/md.ogo.driver'),
    CLIENT_APP_URL: z.url().default('https://apps.apple.com/app/ogo-taxi/id1480000000'),
    /**
     * External geocoder whose predictions follow the local ones (docs/ADDRESS-SEARCH.md): none
     * (offline: internal places and the OSM gazetteer only), a Nominatim-compatible server at
     * GEOCODER_URL, or Google Places API (New) with GOOGLE_PLACES_API_KEY.
     */
    GEOCODER: z.enum(['none', 'nominatim', 'google']).default('none'),
    /** Nominatim base URL (required for nominatim); for google, overrides places.googleapis.com. */
    GEOCODER_URL: optionalUrl(['http', 'https']),
    GOOGLE_PLACES_API_KEY: z
      .string()
      .trim()
      .optional()
      .transform((value) => (value === '' ? undefined : value)),
    /** The geocoder is skipped (local results still answer) when it is slower than this. */
    GEOCODER_TIMEOUT_MS: z.coerce.number().int().min(100).max(10_000).default(1500),
    /**
     * How long the consoles' shared answers (tabs, counters, totals) are fresh (docs/
     * ARCHITECTURE.md "Caches"; rows live 60–120 × as long). Changes update them at once on every
     * node; this bounds what no node is told about (a direct database edit, a lost relay). The
     * consoles poll every 3–15 s.
     */
    CONSOLE_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(1_000),
    /**
     * Sockets one user may hold on one node: a console in a few tabs, a phone that
     * reconnects. More are refused with `too_many_connections`.
     */
    SOCKETS_PER_USER: z.coerce.number().int().min(1).max(1_000).default(10),
    /**
     * How often each node reads the orders' change stream untold: a wake-up lost
     * between nodes delays a change on another node by at most this.
     */
    ORDER_STREAM_POLL_MS: z.coerce.number().int().min(50).max(10_000).default(1_000),
    /** How long the change stream keeps its changes; a node further behind reads everything again. */
    ORDER_CHANGES_KEEP_HOURS: z.coerce
      .number()
      .int()
      .min(1)
      .max(24 * 30)
      .default(24),
    /**
     * How often each node checks whether zones or stands changed (one tiny read of
     * `zones_revision`) and rebuilds its zone index if so: a lost wake-up between nodes delays a
     * zone edit on another node by at most this (the writer's node sees it at once).
     */
    ZONES_POLL_MS: z.coerce.number().int().min(100).max(600_000).default(5_000),
    /**
     * Tests only: this node ignores the other nodes' wake-ups, as if the bus lost them all, so
     * its lists can follow the change stream by polling alone (server/cluster tests).
     */
    TEST_DROP_ORDER_WAKEUPS: booleanFlag.default(false),
    /**
     * How often live driver positions are written to PostgreSQL, in one statement per batch
     * (never a write per GPS message). A crash loses at most this much of positions,
     * never a driver's state (that is written at once).
     */
    DRIVER_POSITIONS_FLUSH_MS: z.coerce.number().int().min(200).max(5_000).default(2_000),
    /** How long messages (and messages to all) are kept; older ones are pruned hourly. */
    MESSAGES_KEEP_DAYS: z.coerce.number().int().min(1).max(3_650).default(90),
    /** Messages to all drivers or all clients one company may send per hour (429 past it). */
    MESSAGE_BROADCASTS_PER_HOUR: z.coerce.number().int().min(1).max(1_000).default(10),
    /** How long the positions' history (trips, audits) is kept. */
    DRIVER_POSITIONS_KEEP_DAYS: z.coerce.number().int().min(1).max(3_650).default(30),
    /**
     * How often each node reads the drivers' change stream untold, as for orders.
     */
    DRIVER_STREAM_POLL_MS: z.coerce.number().int().min(50).max(10_000).default(1_000),
    /**
     * An online driver whose app has sent no position for this long is taken offline (a phone
     * that died or lost its network would otherwise stay "online" and be offered orders).
     */
    DRIVER_SILENT_OFFLINE_S: z.coerce.number().int().min(30).max(86_400).default(180),
    /**
     * The embedded database's worker thread yields the CPU to the event loop at this nice value
     * (0–19, Linux; docs/DECISIONS.md "The embedded database yields the CPU"). 0 turns it off.
     */
    PGLITE_WORKER_NICE: z.coerce.number().int().min(0).max(19).default(DEFAULT_PGLITE_WORKER_NICE),
    MAP_TILES_URL: mapTilesUrl,
    /** Shown on the map; the tiles' licence requires it (OSM: '© OpenStreetMap contributors'). */
    MAP_TILES_ATTRIBUTION: z.string().trim().default('© OpenStreetMap contributors'),
    /**
     * POST /api/simulator/sessions: admins and dispatchers act as their company's
     * drivers on /simulator and with `npm run simulate`. false = the endpoint does not exist.
     */
    SIMULATOR_ENABLED: booleanFlag.default(true),
    /** The lifetime of such a driver session (the simulators renew theirs before it ends). */
    SIMULATOR_SESSION_HOURS: z.coerce.number().min(0.1).max(24).default(8),
    /**
     * Simulated drivers `npm start` moves on each demo company's map (a newcomer sees
     * cars within seconds, a delivery finds a courier); only with the demo seed. 0 = none.
     */
    DEMO_FLEET_DRIVERS: z.coerce.number().int().min(0).max(500).default(12),
    /**
     * The chance a demo fleet driver accepts an offer (0–1), and the chance he
     * cancels an order at the pickup ('Clientul nu răspunde'); the demo dispatches by itself.
     */
    DEMO_FLEET_ACCEPT_PROBABILITY: z.coerce
      .number()
      .min(0)
      .max(1)
      .default(DEFAULT_ACCEPT_PROBABILITY),
    DEMO_FLEET_CANCEL_PROBABILITY: z.coerce
      .number()
      .min(0)
      .max(1)
      .default(DEFAULT_CANCEL_PROBABILITY),
    /**
     * Simulated seconds per real second of the demo fleet's driving and waiting (1–120): 10
     * plays the demo's trips ten times faster (positions still every 5 s). 1 = real time.
     */
    DEMO_FLEET_TIME_SCALE: z.coerce.number().min(1).max(120).default(1),
    /**
     * An OSRM-compatible routing server (docs/DISPATCH.md "Routes and distances"): the dispatch
     * engine's road distances and times. Empty = offline: straight line × ROUTING_ROAD_FACTOR at
     * ROUTING_CITY_KMH, which is also the fallback when the server is slow or failing.
     */
    /**
     * How often each node looks for driver searches due: a search placed on a node
     * runs there at once and wakes at its own step deadline; this poll picks up the rest (a dead
     * node's, one placed elsewhere whose node is busy). Steps close at most this late.
     */
    DISPATCH_POLL_MS: z.coerce.number().int().min(50).max(10_000).default(500),
    /**
     * A node's claim on a search while it runs one step: a node killed mid-step holds it this
     * long before another continues.
     */
    DISPATCH_LEASE_MS: z.coerce.number().int().min(1_000).max(60_000).default(5_000),
    /**
     * A booking's search starts this many minutes before its departure (an order for later is
     * not offered to drivers now; docs/DISPATCH.md).
     */
    DISPATCH_PREBOOK_MINUTES: z.coerce.number().int().min(0).max(1_440).default(15),
    ROUTING_URL: optionalUrl(['http', 'https']),
    /** The OSRM profile in the request path (the server's own name for it: driving, car …). */
    ROUTING_PROFILE: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9_-]{1,64}$/, 'must be a profile name (letters, digits, _ and -)')
      .default('driving'),
    /** A routing request slower than this is abandoned for the estimate (the engine waits on it). */
    ROUTING_TIMEOUT_MS: z.coerce.number().int().min(50).max(10_000).default(800),
    /** Straight-line distance × this = the estimated road distance. */
    ROUTING_ROAD_FACTOR: z.coerce.number().min(1).max(3).default(1.3),
    /** The estimated average city speed (km/h) that turns an estimated distance into a time. */
    ROUTING_CITY_KMH: z.coerce.number().min(5).max(130).default(25),
    /**
     * The company registry the sign-up form looks a CUI up in: the ANAF
     * VAT registry's web service; empty = none (the user types the company's details).
     */
    COMPANY_REGISTRY_URL: optionalUrl(['http', 'https']).default(
      'https://webservicesp.anaf.ro/api/PlatitorTvaRest/v9/tva',
    ),
    /** A registry slower than this is reported unavailable (the form goes on by hand). */
    COMPANY_REGISTRY_TIMEOUT_MS: z.coerce.number().int().min(100).max(30_000).default(5_000),
    /**
     * Telephony (docs/CALLS.md, docs/OPERATIONS.md "Telephony"): the secret shared with the
     * PBX's auth_ephemeral and hooks (empty: no ephemeral credentials, no PBX hooks; unset: a
     * random one kept in DATA_DIR/secrets.json, server/data-dir-secrets.ts; required in
     * production), the SIP-over-WebSocket address browsers connect to, the SIP domain of the
     * operators' addresses, and how long a credential lives.
     */
    SIP_SECRET: z.string().optional(),
    SIP_WS_URL: optionalUrl(['ws', 'wss']).default('ws://127.0.0.1:8088'),
    /**
     * Other PBXs' SIP WebSockets an administrator may point one operator at (per-user
     * `sip_websocket`, docs/CALLS.md), comma-separated: the browser's CSP lets the softphone
     * open these and SIP_WS_URL only, and the telephony settings refuse any other.
     */
    SIP_WS_ALLOWED: z
      .string()
      .default('')
      .transform((value) =>
        value
          .split(',')
          .map((url) => url.trim())
          .filter(Boolean),
      )
      .refine(
        (urls) => urls.every((url) => /^wss?:\/\/[^/\s]+/.test(url) && URL.canParse(url)),
        'must be ws:// or wss:// URLs, comma-separated',
      ),
    SIP_DOMAIN: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9.-]{1,253}$/, 'must be a host name or an IPv4 address')
      .default('127.0.0.1'),
    /**
     * `npm start` runs the project's Kamailio beside the app when SIP_WS_URL points at this
     * machine (server/simulator/demo-pbx.ts), on ports of its own when those are taken (the
     * softphones follow); default on, except in production.
     */
    DEMO_PBX: booleanFlag.optional(),
    SIP_CREDENTIAL_TTL_S: z.coerce
      .number()
      .int()
      .min(300)
      .max(7 * 24 * 3600)
      .default(12 * 3600),
  })
  .superRefine((env, context) => {
    if (env.GEOCODER === 'nominatim' && !env.GEOCODER_URL) {
      context.addIssue({
        code: 'custom',
        path: ['GEOCODER_URL'],
        message: 'required for GEOCODER=nominatim',
      });
    }
    if (env.GEOCODER === 'google' && !env.GOOGLE_PLACES_API_KEY) {
      context.addIssue({
        code: 'custom',
        path: ['GOOGLE_PLACES_API_KEY'],
        message: 'required for GEOCODER=google',
      });
    }
  });

/**
 * Whether the app is served over https (PUBLIC_URL): HSTS and the device cookie's Secure flag
 * follow this one rule.
 */
export const servedOverHttps = (publicUrl: string): boolean =>
  new URL(publicUrl).protocol === 'https:';

export type Config = Omit<z.infer<typeof EnvSchema>, 'SIP_SECRET' | 'DEMO_PBX'> & {
  isPglite: boolean;
  DEMO_PBX: boolean;
  /**
   * The PBX's shared secret, or undefined: no ephemeral SIP credentials and no PBX hooks
   * (docs/CALLS.md). Unset outside production until withDataDirSecrets() fills it in.
   */
  SIP_SECRET: string | undefined;
  /** SIP_SECRET was unset (not production): it comes from DATA_DIR/secrets.json. */
  sipSecretFromDataDir: boolean;
};

/** The development secret earlier versions fell back to: published, so never accepted. */
const PUBLISHED_SIP_SECRET = 'ogo-dev-sip-secret';

/** Thrown when the environment is wrong; the message names every bad variable. */
export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const { SIP_SECRET, NODE_ENV, DEMO_PBX } = parsed.data;
  // A secret anyone can read forges PBX hooks and SIP passwords.
  if (NODE_ENV === 'production' && SIP_SECRET === undefined)
    throw new ConfigError(
      'Invalid configuration:\n  SIP_SECRET: required in production (the secret shared with the ' +
        'PBX, e.g. `openssl rand -hex 32`; empty turns ephemeral SIP credentials and the PBX hooks off)',
    );
  if (SIP_SECRET === PUBLISHED_SIP_SECRET)
    throw new ConfigError(
      'Invalid configuration:\n  SIP_SECRET: is the published development secret; choose a random one ' +
        '(e.g. `openssl rand -hex 32`) or leave it unset outside production',
    );
  return {
    ...parsed.data,
    isPglite: parsed.data.DATABASE_URL === undefined,
    DEMO_PBX: DEMO_PBX ?? NODE_ENV !== 'production',
    SIP_SECRET: SIP_SECRET === '' ? undefined : SIP_SECRET,
    sipSecretFromDataDir: SIP_SECRET === undefined,
  };
}

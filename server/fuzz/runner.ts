import type { TestApp } from '../test/harness';
import type { OpenApiDocument, Operation } from './openapi';
import { documentedResponse, readOperations } from './openapi';
import {
  documentedStrings,
  internalsIn,
  leakedCanaries,
  ORACLE_TITLES,
  ORACLES,
  type Oracle,
  ResponseValidator,
} from './oracles';
import {
  type CallerKind,
  drawRequest,
  type OperationHints,
  type PlannedRequest,
  requestArbitrary,
} from './requests';
import type { ValueHints } from './schema-arbitrary';
import { restoreCaller, saveCaller, type Tenant, type TenantLabel, type Tenants } from './tenants';

/**
 * Sends the fuzzed requests through `app.inject` and judges every answer with the oracles
 *. Keeps the callers logged in (DELETE /api/access-tokens revokes the caller's
 * token), and reports each failure with the request that caused it, the seed and the run index.
 */
export interface FuzzOptions {
  seed: number;
  requests: number;
  /** Run indexes to send alone (FUZZ_ONLY=12,40): replays those requests on fresh fixtures. */
  only?: readonly number[];
}

export interface Failure {
  /** The oracle it broke; 'informational' for the report's notes that fail nothing. */
  oracle: Oracle | 'informational';
  operation: string;
  status: number;
  detail: string;
  /** What in the request probably caused it (NUL, lone surrogate, int4 overflow…): a hint. */
  suspects: string[];
  request: {
    index: number;
    caller: CallerKind;
    mode: string;
    method: string;
    url: string;
    headers: Record<string, string>;
    body?: string;
  };
  response: string;
}

export interface FailureGroup {
  key: string;
  count: number;
  first: Failure;
}

export interface FuzzReport {
  seed: number;
  sent: number;
  durationMs: number;
  statuses: Record<number, number>;
  byMode: Record<string, number>;
  byCaller: Record<string, number>;
  relogins: number;
  /** Requests the inject client refused to build (e.g. an illegal header): not the server's fault. */
  notSent: number;
  failures: Record<Oracle, FailureGroup[]>;
  /** operation → status → count, for every answer whose status the operation does not document. */
  undocumented: Record<string, Record<number, number>>;
  /** Operations that answered 2xx to an anonymous or badly authenticated caller (public or not). */
  anonymousSuccess: Record<string, number>;
  /** operation → [requests, total ms]: where the run's time goes. */
  timing: Record<string, [number, number]>;
  /** Time spent drawing requests (fast-check), apart from sending them. */
  generationMs: number;
  /** operation → 2xx answers (an operation with none was never exercised past validation). */
  successes: Record<string, number>;
  /** Answers to a company's own user that carried its own canaries: proof the leak oracle can see. */
  ownCanariesSeen: Record<TenantLabel, number>;
  /** 5xx answers by suspected cause (suspectsOf), for the reader. */
  serverErrorsBySuspect: Record<string, number>;
  /**
   * Bodies that break the documented schema yet got a 2xx (negative_data_rejection;
   * informational: zod trims text before measuring it, so `' ' + max chars` is fine there).
   */
  acceptedViolations: FailureGroup[];
  /** 401s to a caller whose token was valid (outside the login route): the first few. */
  unexpected401: Failure[];
}

/** Ids and strings of both companies, by the field names that carry them. */
export function hintsFor(tenants: Tenants): (operation: Operation) => OperationHints {
  const both = (pick: (tenant: Tenant) => readonly number[]) => [
    ...pick(tenants.A),
    ...pick(tenants.B),
  ];
  const orders = both((t) => t.orderIds);
  const users = both((t) => [t.dispatcher.id, t.driverId]);
  const drivers = both((t) => [t.driverId]);
  const companies = both((t) => [t.companyId]);
  const clients = both((t) => t.clientIds);
  const addresses = both((t) => t.addressIds);
  const blocked = both((t) => t.blockedPhoneIds);
  const zones = both((t) => t.zoneIds);
  const stands = both((t) => t.standIds);
  const orderPlaces = both((t) => t.orderPlaceIds);
  const placeIds = [...tenants.A.placeIds, ...tenants.B.placeIds];
  // Phones no fixture uses, in the formats people type: valid bodies get past the phone check
  // without copying a company's canary phone into the other company's data.
  const neutralPhones = [
    '0744 555 666',
    '+40744000001',
    '0040 744 000 002',
    '744000003',
    '0744-000-004',
    '(0744) 000 005',
    '+33612345678',
    '0722.000.006',
  ];
  const phones = [...tenants.A.phones, ...tenants.B.phones].flatMap((p) => [
    p,
    p.replace('+40', '0'),
    p.slice(-6),
  ]);
  return (operation) => {
    const idFor = (name: string): readonly number[] => {
      if (name === 'id') {
        if (/^\/api\/(orders|order-history)/.test(operation.path)) return orders;
        if (operation.path.startsWith('/api/users')) return users;
        if (operation.path.startsWith('/api/blocked-phone')) return blocked;
        if (operation.path.startsWith('/api/polygons')) return zones;
        if (operation.path.startsWith('/api/stands')) return stands;
        if (operation.path.startsWith('/user-addresses')) return addresses;
        return [1, 2, 3];
      }
      if (name === 'orderId') return orders;
      if (name === 'placeId') return orderPlaces;
      if (name === 'clientId' || name === 'client_id') return clients;
      if (name === 'addressId') return addresses;
      if (/^(driverId|driver_id|custom_driver_ids)$/.test(name)) return drivers;
      if (name === 'dispatcher_id') return users;
      if (name === 'polygon_id') return zones;
      if (name === 'company_id' || name === 'protocol_company_id') return companies;
      if (name === 'service_id') return tenants.catalog.serviceIds;
      return [];
    };
    const url: ValueHints = {
      ids: idFor,
      strings: (name) => {
        if (name === 'phoneOrUserId') return [...phones, ...users.map(String)];
        if (name === 'search' || name === 'phone') return [...phones, ...neutralPhones];
        if (name === 'id' || name === 'place_id') {
          return operation.path.startsWith('/geo')
            ? [...placeIds, ...placeIds.map((p) => p.replace('internal:', ''))]
            : [];
        }
        return [];
      },
    };
    // Bodies get no canary phone: one typed into an order would make that order (legitimately)
    // the caller's, and its later answers would look like a leak.
    const body: ValueHints = {
      ids: idFor,
      strings: (name) => {
        if (name === 'phone') return neutralPhones;
        if (name === 'options') return tenants.catalog.optionKeys;
        // Logins that succeed now and then (each fuzz caller keeps its own token).
        if (name === 'email') return [tenants.A.dispatcher.email, tenants.B.dispatcher.email];
        if (name === 'password') return [tenants.A.dispatcher.password];
        return [];
      },
    };
    return { url, body };
  };
}

/** What in a request is a known way to break a server, for the failure's reader. */
export function suspectsOf(request: Pick<PlannedRequest, 'url' | 'payload'>): string[] {
  const text = `${request.url} ${request.payload ?? ''}`;
  const suspects: string[] = [];
  if (/\\u0000|%00/i.test(text)) suspects.push('NUL');
  // JSON.stringify escapes control characters, and the URL is percent-encoded.
  if (/\\u00(0[1-8bcef]|1[0-9a-f])|%(0[1-8BCEF]|1[0-9A-F])/i.test(text)) {
    suspects.push('control character');
  }
  if (
    /\\ud[89ab][0-9a-f]{2}(?!\\ud[c-f])|(?<!\\ud[89ab][0-9a-f]{2})\\ud[c-f][0-9a-f]{2}|%ED%[AB]/i.test(
      text,
    )
  )
    suspects.push('lone surrogate');
  const prototypeKey =
    '(constructor|toString|__proto__|valueOf|hasOwnProperty|isPrototypeOf|__defineGetter__)';
  if (
    new RegExp(`"${prototypeKey}"\\s*:`).test(text) ||
    new RegExp(`[?&]${prototypeKey}(=|\\[|&|$)`).test(request.url)
  ) {
    suspects.push('prototype-named key');
  }
  if (
    /(^|[^\d.])(214748364[89]|21474836[5-9]\d|2147483[7-9]\d\d|214748[4-9]\d{3}|21474[9]\d{4}|2147[5-9]\d{5}|214[89]\d{6}|21[5-9]\d{7}|2[2-9]\d{8}|[3-9]\d{9}|\d{11,})(?![\d.])/.test(
      text,
    )
  )
    suspects.push('integer beyond int4');
  if (
    /\d{4}-(02-(29|3\d)|\d[3-9]-|1[3-9]-|00-|\d\d-00|\d\d-3[2-9]|(04|06|09|11)-31)|\b(2[4-9]|[3-9]\d):\d\d|:[6-9]\d\b|0000-00-00|9999-/.test(
      text,
    )
  )
    suspects.push('impossible date or time');
  if (/%(?![0-9A-F]{2})/i.test(request.url)) suspects.push("bad '%' escape");
  if (/\/[^/?]{101,}/.test(request.url)) suspects.push('path segment > 100 chars');
  return suspects;
}

const truncate = (text: string, max: number) =>
  text.length > max ? `${text.slice(0, max)}… (${text.length} chars)` : text;

/** A bearer header the server must refuse (ignored_auth). */
function badAuthorization(variant: number, tokens: Record<TenantLabel, string>, revoked: string[]) {
  const tampered = tokens.A.slice(0, -1) + (tokens.A.endsWith('a') ? 'b' : 'a');
  const variants = [
    `Bearer ${'0123456789abcdef'.repeat(4)}`,
    'Bearer',
    'Bearer ',
    'Basic Zm9vOmJhcg==',
    `Bearer ${revoked.at(-1) ?? 'revoked-token-placeholder'}`,
    `Bearer ${tampered}`,
    `Bearer ${'a'.repeat(5000)}`,
    `Bearer ${tokens.B} ${tokens.B}`,
  ];
  return variants[variant % variants.length] as string;
}

const ACCESS_TOKENS = '/api/access-tokens';

export async function runFuzz(
  t: TestApp,
  document: OpenApiDocument,
  tenants: Tenants,
  options: FuzzOptions,
): Promise<FuzzReport> {
  const started = Date.now();
  const operations = readOperations(document);
  const arbitrary = requestArbitrary(operations, hintsFor(tenants));
  const validator = new ResponseValidator();
  const tokens: Record<TenantLabel, string> = { A: '', B: '' };
  const revoked: string[] = [];
  const saved = { A: await saveCaller(t, tenants.A), B: await saveCaller(t, tenants.B) };
  const login = async (label: TenantLabel) => {
    await restoreCaller(t, tenants[label], saved[label]);
    tokens[label] = (await t.login(tenants[label].dispatcher)).token;
  };
  await login('A');
  await login('B');

  const report: FuzzReport = {
    seed: options.seed,
    sent: 0,
    durationMs: 0,
    statuses: {},
    byMode: {},
    byCaller: {},
    relogins: 0,
    notSent: 0,
    failures: Object.fromEntries(ORACLES.map((o) => [o, []])) as unknown as Record<
      Oracle,
      FailureGroup[]
    >,
    undocumented: {},
    anonymousSuccess: {},
    timing: {},
    generationMs: 0,
    successes: Object.fromEntries(operations.map((op) => [op.id, 0])),
    ownCanariesSeen: { A: 0, B: 0 },
    serverErrorsBySuspect: {},
    acceptedViolations: [],
    unexpected401: [],
  };
  const groups = new Map<string, FailureGroup>();
  const documentedCache = new Map<string, Set<string>>();
  const documentedValues = (operation: Operation, status: number) => {
    const key = `${operation.id} ${status}`;
    let values = documentedCache.get(key);
    if (!values) {
      values = new Set<string>();
      for (const schema of Object.values(documentedResponse(operation, status)?.content ?? {})) {
        documentedStrings(schema, values);
      }
      documentedCache.set(key, values);
    }
    return values;
  };
  const fail = (failure: Failure & { oracle: Oracle }, groupKey: string) => {
    const key = `${failure.oracle}|${groupKey}`;
    const group = groups.get(key);
    if (group) group.count++;
    else {
      const created = { key: groupKey, count: 1, first: failure };
      groups.set(key, created);
      report.failures[failure.oracle].push(created);
    }
  };

  const indexes = options.only ?? Array.from({ length: options.requests }, (_, i) => i);
  for (const index of indexes) {
    const drawnAt = performance.now();
    const planned = drawRequest(arbitrary, options.seed, index);
    report.generationMs += performance.now() - drawnAt;
    const operation = operations[planned.operation] as Operation;
    const headers: Record<string, string> = { ...planned.headers };
    if (planned.caller === 'A' || planned.caller === 'B') {
      headers.authorization = `Bearer ${tokens[planned.caller]}`;
    } else if (planned.caller === 'bad-token') {
      headers.authorization = badAuthorization(planned.badToken, tokens, revoked);
    }
    let response: Awaited<ReturnType<TestApp['app']['inject']>>;
    const sentAt = performance.now();
    try {
      response = await t.app.inject({
        method: planned.method as 'GET',
        url: planned.url,
        headers,
        ...(planned.payload !== undefined ? { payload: planned.payload } : {}),
      });
    } catch {
      report.notSent++;
      continue;
    }
    report.sent++;
    const timing = report.timing[operation.id] ?? [0, 0];
    timing[0]++;
    timing[1] += performance.now() - sentAt;
    report.timing[operation.id] = timing;
    const status = response.statusCode;
    report.statuses[status] = (report.statuses[status] ?? 0) + 1;
    report.byMode[planned.mode] = (report.byMode[planned.mode] ?? 0) + 1;
    report.byCaller[planned.caller] = (report.byCaller[planned.caller] ?? 0) + 1;

    const shown = { ...headers };
    if (shown.authorization) {
      shown.authorization =
        planned.caller === 'bad-token'
          ? truncate(shown.authorization, 60)
          : `Bearer <token of ${planned.caller}>`;
    }
    const base = {
      operation: operation.id,
      status,
      suspects: suspectsOf(planned),
      request: {
        index,
        caller: planned.caller,
        mode: planned.mode,
        method: planned.method,
        url: truncate(planned.url, 400),
        headers: shown,
        ...(planned.payload !== undefined ? { body: truncate(planned.payload, 1500) } : {}),
      },
      response: truncate(response.body, 600),
    };
    const body = response.body;

    if (status >= 500) {
      for (const suspect of base.suspects.length > 0 ? base.suspects : ['(none recognised)']) {
        report.serverErrorsBySuspect[suspect] = (report.serverErrorsBySuspect[suspect] ?? 0) + 1;
      }
      fail({ ...base, oracle: 'server_error', detail: `${status}` }, `${operation.id} → ${status}`);
    }
    const schemaProblem = validator.check(
      operation,
      status,
      String(response.headers['content-type'] ?? ''),
      body,
    );
    const documented = documentedResponse(operation, status) !== undefined;
    if (!documented) {
      const byStatus = report.undocumented[operation.id] ?? {};
      byStatus[status] = (byStatus[status] ?? 0) + 1;
      report.undocumented[operation.id] = byStatus;
      fail(
        { ...base, oracle: 'undocumented_status', detail: `${status} not in responses` },
        `${operation.id} → ${status}`,
      );
    }
    if (schemaProblem) {
      fail(
        { ...base, oracle: 'response_schema', detail: schemaProblem },
        `${operation.id} → ${status}: ${schemaProblem.slice(0, 120)}`,
      );
    }
    const internals = internalsIn(body, documentedValues(operation, status));
    if (internals) {
      fail(
        { ...base, oracle: 'internals_leaked', detail: internals },
        `${operation.id} → ${status}: ${internals.split(':')[0]}`,
      );
    }
    const visibleTo = planned.caller === 'A' || planned.caller === 'B' ? planned.caller : null;
    let requestText = `${planned.url} ${planned.payload ?? ''}`;
    try {
      requestText += ` ${decodeURIComponent(planned.url)}`;
    } catch {
      // a deliberately broken escape: the raw URL is all there is
    }
    const leaked = leakedCanaries(tenants.canaries, visibleTo, body, requestText);
    if (leaked.length > 0) {
      fail(
        { ...base, oracle: 'cross_tenant_data', detail: `canaries ${leaked.join(', ')}` },
        `${operation.id} → ${status} to ${planned.caller}`,
      );
    }
    if (status >= 200 && status < 300) {
      report.successes[operation.id] = (report.successes[operation.id] ?? 0) + 1;
      const violation = validator.bodyViolation(operation, planned.payload);
      if (violation) {
        const key = `${operation.id}: ${violation}`;
        const group = report.acceptedViolations.find((g) => g.key === key);
        if (group) group.count++;
        else if (report.acceptedViolations.length < 50) {
          report.acceptedViolations.push({
            key,
            count: 1,
            first: { ...base, oracle: 'informational', detail: violation },
          });
        }
      }
    }
    if (visibleTo && body.toLowerCase().includes(tenants[visibleTo].token.toLowerCase())) {
      report.ownCanariesSeen[visibleTo]++;
    }
    if (visibleTo === null && status >= 200 && status < 300) {
      report.anonymousSuccess[operation.id] = (report.anonymousSuccess[operation.id] ?? 0) + 1;
    }

    // Keep the callers logged in.
    if (
      visibleTo &&
      (status === 401 ||
        (operation.path === ACCESS_TOKENS && operation.method === 'DELETE' && status < 300))
    ) {
      if (status < 300) revoked.push(tokens[visibleTo]);
      await login(visibleTo);
      report.relogins++;
    }
  }
  report.durationMs = Date.now() - started;
  return report;
}

/** One line per distinct failure of an oracle, with the first request that showed it. */
export function describeFailures(report: FuzzReport, oracle: Oracle): string[] {
  return report.failures[oracle].map((group) => {
    const { first } = group;
    const r = first.request;
    const suspects = first.suspects.length > 0 ? ` [suspects: ${first.suspects.join(', ')}]` : '';
    return [
      `${group.key} ×${group.count}${suspects}`,
      `    ${first.detail}`,
      `    run #${r.index} (FUZZ_SEED=${report.seed} FUZZ_ONLY=${r.index}), ${r.caller}, ${r.mode}: ${r.method} ${r.url}`,
      ...(r.body !== undefined ? [`    body: ${r.body}`] : []),
      `    headers: ${JSON.stringify(r.headers)}`,
      `    answer: ${first.response}`,
    ].join('\n');
  });
}

/** The run in a few lines: counts, statuses, failures per oracle, undocumented pairs. */
export function summarize(report: FuzzReport): string {
  const statuses = Object.entries(report.statuses)
    .map(([status, count]) => `${status}×${count}`)
    .join(' ');
  const count = (oracle: Oracle) =>
    report.failures[oracle].reduce((sum, group) => sum + group.count, 0);
  const fivexx = Object.entries(report.statuses)
    .filter(([status]) => Number(status) >= 500)
    .reduce((sum, [, n]) => sum + n, 0);
  const lines = [
    `API fuzz: seed ${report.seed} (replay: FUZZ_SEED=${report.seed}), ${report.sent} requests sent in ${(report.durationMs / 1000).toFixed(1)} s` +
      (report.notSent > 0 ? `, ${report.notSent} refused by the inject client` : ''),
    `  statuses: ${statuses}`,
    `  5xx: ${fivexx}` +
      (fivexx > 0
        ? ` (by suspected cause: ${Object.entries(report.serverErrorsBySuspect)
            .map(([suspect, n]) => `${suspect}×${n}`)
            .join(', ')})`
        : ''),
    `  modes: ${JSON.stringify(report.byMode)}  callers: ${JSON.stringify(report.byCaller)}  re-logins: ${report.relogins}`,
    ...ORACLES.map(
      (oracle) =>
        `  ${ORACLE_TITLES[oracle]}: ${count(oracle)} failing requests, ${report.failures[oracle].length} distinct`,
    ),
  ];
  const undocumented = Object.entries(report.undocumented);
  if (undocumented.length > 0) {
    lines.push('  undocumented (operation → status×count):');
    for (const [operation, byStatus] of undocumented.sort(([a], [b]) => a.localeCompare(b))) {
      const list = Object.entries(byStatus)
        .map(([status, n]) => `${status}×${n}`)
        .join(' ');
      lines.push(`    ${operation} → ${list}`);
    }
  }
  const slowest = Object.entries(report.timing)
    .sort(([, a], [, b]) => b[1] - a[1])
    .slice(0, 5)
    .map(([op, [n, ms]]) => `${op} ${n}× ${(ms / n).toFixed(1)} ms`);
  const injectMs = Object.values(report.timing).reduce((sum, [, ms]) => sum + ms, 0);
  lines.push(
    `  time: drawing requests ${(report.generationMs / 1000).toFixed(1)} s, answering them ${(injectMs / 1000).toFixed(1)} s`,
    `  slowest operations (total time): ${slowest.join(', ')}`,
  );
  const neverSucceeded = Object.entries(report.successes)
    .filter(([, n]) => n === 0)
    .map(([op]) => op);
  if (neverSucceeded.length > 0) {
    lines.push(`  operations that never answered 2xx: ${neverSucceeded.join(', ')}`);
  }
  for (const failure of report.unexpected401) {
    lines.push(
      `  401 with a valid token: run #${failure.request.index} ${failure.request.method} ${truncate(failure.request.url, 120)} → ${truncate(failure.response, 160)}`,
    );
  }
  if (report.acceptedViolations.length > 0) {
    lines.push('  bodies breaking the documented schema that were accepted (informational):');
    for (const group of report.acceptedViolations.slice(0, 10)) {
      lines.push(
        `    ${group.key} ×${group.count} (run #${group.first.request.index}: ${truncate(group.first.request.body ?? '', 160)})`,
      );
    }
  }
  lines.push(
    `  own canaries seen by their company: A ${report.ownCanariesSeen.A}×, B ${report.ownCanariesSeen.B}×`,
  );
  const anonymous = Object.entries(report.anonymousSuccess);
  if (anonymous.length > 0) {
    lines.push(
      `  2xx to anonymous / bad-token callers: ${anonymous.map(([op, n]) => `${op}×${n}`).join(', ')}`,
    );
  }
  return lines.join('\n');
}

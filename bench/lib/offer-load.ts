import http from 'node:http';
import { createInterface } from 'node:readline';
import { seededRandom } from '../../server/db/seeded-random';
import { DriverSwarm, type SwarmRun } from './driver-swarm';
import { randomPoint } from './fleet-geometry';

/**
 * dispatch-offer's load generator for one target, run as a child process of the benchmark:
 * one process holds one target's 10,000 driver sockets, so the two targets' 20,000 sockets fit
 * the machine's open-files limit (20,000 per process), and both targets stay connected through
 * the interleaved rounds. It inherits the benchmark's CPU (1); only one of the two children
 * works at a time (the idle one's sockets are silent).
 *
 * Commands, one JSON line each on stdin; each answered by one JSON line on stdout:
 * - `{cmd: 'connect', url, drivers, ordersPath, token}`: the driver sockets (bench/lib/sio-client),
 *   the orders' route and the dispatcher's bearer token (null: none).
 * - `{cmd: 'warm'}`: every driver sends one position (acked).
 * - `{cmd: 'phase', seconds, rate, periodMs, settleMs}`: for `seconds`, drivers send positions
 *   every `periodMs` each and orders are placed at `rate` a second, evenly spaced (open loop);
 *   then `settleMs` more for the last offers. Answers the phase's figures (PhaseResult).
 * Each order carries `comment: "ob<n>"`, which its offers repeat: the first `order_available`
 * frame naming it at any driver's socket is its first offer, timed from the POST's sending.
 * Exits when its stdin closes (the benchmark ended, however).
 */
export interface PhaseResult {
  orders: number;
  /** POST sent → first `order_available` at a driver (ms), orders that got one. */
  firstOffer: number[];
  /** Orders that got no offer at all. */
  withoutOffer: number;
  /** `order_available` frames received (every driver's). */
  frames: number;
  /** POST sent → its answer (ms). */
  post: number[];
  postFailures: string[];
  /** How late the order schedule fired at worst (ms). */
  maxLagMs: number;
  swarm: Omit<SwarmRun, 'ackP50Ms'>;
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
let swarm: DriverSwarm | undefined;
let target: { url: URL; path: string; token: string | null } | undefined;
let counter = 0;
/** Order number → when its POST left, and when its first offer came (performance.now()). */
const sentAt = new Map<number, number>();
const firstAt = new Map<number, number>();
let frames = 0;
const next = seededRandom(1);
const MARK = '"comment":"ob';

function onFrame(_driver: number, frame: string) {
  if (!frame.startsWith('42["order_available"')) return;
  frames++;
  const at = frame.indexOf(MARK);
  if (at < 0) return;
  const n = Number.parseInt(frame.slice(at + MARK.length, at + MARK.length + 12), 10);
  if (!firstAt.has(n)) firstAt.set(n, performance.now());
}

function place(n: number, result: PhaseResult): Promise<void> {
  const t = target as NonNullable<typeof target>;
  const pickup = randomPoint(next);
  const payload = JSON.stringify({
    phone: '0744 555 666',
    client_name: 'Ana',
    comment: `ob${n}`,
    place: true,
    places: [{ name: `Strada Bench ${n}`, lat: pickup.lat, long: pickup.long }],
  });
  return new Promise((resolve) => {
    const began = performance.now();
    sentAt.set(n, began);
    const request = http.request(
      {
        agent,
        host: t.url.hostname,
        port: t.url.port,
        method: 'POST',
        path: t.path,
        headers: {
          'content-type': 'application/json',
          'content-length': String(Buffer.byteLength(payload)),
          ...(t.token ? { authorization: `Bearer ${t.token}` } : {}),
        },
        timeout: 30_000,
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          result.post.push(performance.now() - began);
          if (response.statusCode !== 201 && result.postFailures.length < 5)
            result.postFailures.push(
              `${response.statusCode} ${Buffer.concat(chunks).toString().slice(0, 200)}`,
            );
          resolve();
        });
      },
    );
    request.on('timeout', () => request.destroy(new Error('timeout')));
    request.on('error', (error) => {
      if (result.postFailures.length < 5) result.postFailures.push(error.message);
      resolve();
    });
    request.end(payload);
  });
}

async function phase(seconds: number, rate: number, periodMs: number, settleMs: number) {
  const result: PhaseResult = {
    orders: Math.round(seconds * rate),
    firstOffer: [],
    withoutOffer: 0,
    frames: 0,
    post: [],
    postFailures: [],
    maxLagMs: 0,
    swarm: { sent: 0, acked: 0, refused: 0, unanswered: 0, ackP99Ms: 0, maxLagMs: 0 },
  };
  const framesBefore = frames;
  const numbers = Array.from({ length: result.orders }, () => counter++);
  const positions = (swarm as DriverSwarm).run(seconds, periodMs);
  const start = performance.now();
  const posts: Promise<void>[] = [];
  await new Promise<void>((resolve) => {
    let k = 0;
    const tick = () => {
      const now = performance.now() - start;
      while (k < numbers.length && (k * 1000) / rate <= now) {
        result.maxLagMs = Math.max(result.maxLagMs, now - (k * 1000) / rate);
        posts.push(place(numbers[k] as number, result));
        k++;
      }
      if (k < numbers.length) setTimeout(tick, Math.max(0, (k * 1000) / rate - now));
      else resolve();
    };
    tick();
  });
  await Promise.all(posts);
  const run = await positions;
  await new Promise((resolve) => setTimeout(resolve, settleMs));
  for (const n of numbers) {
    const first = firstAt.get(n);
    if (first === undefined) result.withoutOffer++;
    else result.firstOffer.push(first - (sentAt.get(n) as number));
    firstAt.delete(n);
    sentAt.delete(n);
  }
  result.frames = frames - framesBefore;
  result.maxLagMs = Math.round(Math.max(result.maxLagMs, run.maxLagMs));
  result.swarm = {
    sent: run.sent,
    acked: run.acked,
    refused: run.refused,
    unanswered: run.unanswered,
    ackP99Ms: run.ackP99Ms,
    maxLagMs: run.maxLagMs,
  };
  return result;
}

const answer = (body: object) => process.stdout.write(`${JSON.stringify(body)}\n`);

async function handle(line: string) {
  const command = JSON.parse(line) as { cmd: string } & Record<string, unknown>;
  switch (command.cmd) {
    case 'connect': {
      target = {
        url: new URL(command.url as string),
        path: command.ordersPath as string,
        token: (command.token as string | null) ?? null,
      };
      if (target.url.hostname !== '127.0.0.1') throw new Error('loopback only');
      swarm = await DriverSwarm.connect(
        command.url as string,
        command.drivers as { userId: number; token: string }[],
        { onEvent: onFrame },
      );
      return answer({ ok: true });
    }
    case 'warm':
      await (swarm as DriverSwarm).sendOnce();
      return answer({ ok: true });
    case 'phase':
      return answer(
        await phase(
          command.seconds as number,
          command.rate as number,
          command.periodMs as number,
          command.settleMs as number,
        ),
      );
    default:
      throw new Error(`unknown command ${command.cmd}`);
  }
}

const lines = createInterface({ input: process.stdin });
let queue: Promise<unknown> = Promise.resolve();
lines.on('line', (line) => {
  queue = queue
    .then(() => handle(line))
    .catch((error: unknown) =>
      answer({ error: error instanceof Error ? (error.stack ?? error.message) : String(error) }),
    );
});
lines.on('close', () => {
  swarm?.close();
  process.exit(0);
});

import { seededRandom } from '../../server/db/seeded-random';
import { BOX, randomPoint } from './fleet-geometry';
import { percentile } from './rate-load';
import { log } from './report';
import { connectMany, connectSio, connectSocketIoClient, type SioClient } from './sio-client';

/** A position as the driver's app sends it (`currentPosition`). */
interface Sent {
  long: number;
  lat: number;
  /** performance.now() when sent. */
  at: number;
}

export interface SwarmRun {
  sent: number;
  acked: number;
  /** Acks that answered `{ ok: false }` (a refused position): must stay 0. */
  refused: number;
  /** Sends still unanswered when the run gave up waiting. */
  unanswered: number;
  ackP50Ms: number;
  ackP99Ms: number;
  /** How late the sender was at worst (ms): above a few ms, the generator was overloaded. */
  maxLagMs: number;
}

/** About 11 m/s at city speeds, in degrees per second (a driver moves between his sends). */
const STEP_DEGREES_PER_S = 0.0001;
const TICK_MS = 10;

/**
 * Driver sockets on one server, each sending `currentPosition` on its own schedule (a fixed
 * phase in the period), as the drivers' apps do; acks are awaited and checked. Positions walk
 * from a seeded random start inside the benchmark box, so every run sends the same positions.
 */
export class DriverSwarm {
  readonly last: (Sent | undefined)[];
  private readonly position: { long: number; lat: number }[];
  private readonly next: () => number;

  private constructor(
    readonly clients: SioClient[],
    readonly driverIds: readonly number[],
    seed: number,
  ) {
    this.next = seededRandom(seed);
    this.position = clients.map(() => randomPoint(this.next));
    this.last = clients.map(() => undefined);
  }

  /**
   * Connects one socket per token (the driver's own session, in `auth`, as the app sends it):
   * the raw WebSocket client, or `socket.io-client` with its default transports (`classic`).
   */
  static async connect(
    url: string,
    drivers: readonly { userId: number; token: string }[],
    options: {
      classic?: boolean;
      seed?: number;
      /** Every server event a driver's socket receives, as its raw frame (`42[…]`). */
      onEvent?: (driver: number, frame: string) => void;
    } = {},
  ): Promise<DriverSwarm> {
    const clients = await connectMany(drivers.length, options.classic ? 200 : 100, (i) => {
      const auth = { token: (drivers[i] as { token: string }).token };
      return options.classic
        ? connectSocketIoClient(url, auth)
        : connectSio(url, {
            auth,
            ...(options.onEvent ? { onEvent: (frame: string) => options.onEvent?.(i, frame) } : {}),
            onLost: (reason) => log(`driver ${drivers[i]?.userId} lost: ${reason}`),
          });
    });
    return new DriverSwarm(
      clients,
      drivers.map((d) => d.userId),
      options.seed ?? 17,
    );
  }

  private step(i: number, seconds: number): { long: number; lat: number } {
    const at = this.position[i] as { long: number; lat: number };
    const d = STEP_DEGREES_PER_S * seconds;
    at.long = Math.min(BOX.east, Math.max(BOX.west, at.long + (this.next() - 0.5) * 2 * d));
    at.lat = Math.min(BOX.north, Math.max(BOX.south, at.lat + (this.next() - 0.5) * 2 * d));
    return { long: at.long, lat: at.lat };
  }

  /**
   * Every driver sends a position every `periodMs` for `seconds`, each at its own phase (open
   * loop: sends do not wait for acks); then waits up to 10 s for the last acks.
   */
  async run(seconds: number, periodMs: number): Promise<SwarmRun> {
    const slots = Math.max(1, Math.round(periodMs / TICK_MS));
    const bySlot: number[][] = Array.from({ length: slots }, () => []);
    this.clients.forEach((_, i) => {
      (bySlot[(i * 7919) % slots] as number[]).push(i); // spread neighbours over the period
    });
    const latencies: number[] = [];
    let sent = 0;
    let acked = 0;
    let refused = 0;
    let maxLag = 0;
    const send = (i: number) => {
      const position = this.step(i, periodMs / 1000);
      const at = performance.now();
      this.last[i] = { ...position, at };
      sent++;
      (this.clients[i] as SioClient).emitWithAck('currentPosition', position, (answer) => {
        acked++;
        latencies.push(performance.now() - at);
        if ((answer as { ok?: boolean } | null)?.ok !== true) {
          if (refused === 0) log(`position refused: ${JSON.stringify(answer)}`);
          refused++;
        }
      });
    };
    const start = performance.now();
    const end = start + seconds * 1000;
    let done = 0; // slots sent so far
    await new Promise<void>((resolve) => {
      const timer = setInterval(() => {
        const now = performance.now();
        const due = Math.floor((Math.min(now, end) - start) / TICK_MS);
        maxLag = Math.max(maxLag, (due - done) * TICK_MS - TICK_MS);
        for (; done < due; done++) for (const i of bySlot[done % slots] as number[]) send(i);
        if (now >= end) {
          clearInterval(timer);
          resolve();
        }
      }, TICK_MS);
    });
    const giveUp = performance.now() + 10_000;
    while (acked < sent && performance.now() < giveUp) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    return {
      sent,
      acked,
      refused,
      unanswered: sent - acked,
      ackP50Ms: percentile(latencies, 50),
      ackP99Ms: percentile(latencies, 99),
      maxLagMs: Math.max(0, maxLag),
    };
  }

  /** Each driver sends one position, `parallel` awaiting their acks at a time. */
  async sendOnce(parallel = 200): Promise<void> {
    let next = 0;
    let refused = 0;
    const worker = async () => {
      while (next < this.clients.length) {
        const i = next++;
        const answer = await new Promise<unknown>((resolve) =>
          (this.clients[i] as SioClient).emitWithAck('currentPosition', this.step(i, 5), resolve),
        );
        if ((answer as { ok?: boolean } | null)?.ok !== true) refused++;
      }
    };
    await Promise.all(Array.from({ length: parallel }, worker));
    if (refused > 0) throw new Error(`${refused} positions refused`);
  }

  close(): void {
    for (const client of this.clients) client.close();
  }
}

export interface SerialReaderOptions {
  /** How often `read` runs untold: a lost wake-up delays a change by at most this. */
  pollMs: number;
  /** A failed read is reported here and left to the next one. */
  onError: (error: unknown) => void;
}

export interface SerialReader {
  /** From now on wake-ups read, and the poll runs. */
  start(): void;
  /** Stops the poll; a wake-up reads nothing until the next start. */
  stop(): void;
  /**
   * Runs `read`, one at a time: a wake-up during a read reads once more before the running
   * read's promise resolves, so whoever awaits it after a commit finds that commit read.
   * Never rejects (a failure goes to `onError`).
   */
  wake(): Promise<void>;
}

/**
 * Keeps something in memory true to the database by reading it again at every wake-up and
 * every `pollMs`: the wake-ups come over a bus that may lose them, the poll bounds the delay.
 */
export function createSerialReader(
  read: () => Promise<void>,
  { pollMs, onError }: SerialReaderOptions,
): SerialReader {
  let started = false;
  let running: Promise<void> | null = null;
  let again = false;
  let timer: NodeJS.Timeout | undefined;

  async function readUntilQuiet(): Promise<void> {
    try {
      do {
        again = false;
        await read();
      } while (again);
    } catch (error) {
      onError(error);
    }
  }

  function wake(): Promise<void> {
    if (!started) return Promise.resolve();
    if (running) {
      again = true;
      return running;
    }
    // Cleared in a later tick, so even a read that throws at once leaves no stale promise.
    running = readUntilQuiet().finally(() => {
      running = null;
    });
    return running;
  }

  return {
    start() {
      started = true;
      clearInterval(timer);
      timer = setInterval(() => void wake(), pollMs);
      timer.unref();
    },
    stop() {
      started = false;
      clearInterval(timer);
    },
    wake,
  };
}

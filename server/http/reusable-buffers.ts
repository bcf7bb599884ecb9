/**
 * Buffers reused from one response to the next, for the console's assembled pages (`Json`).
 * Each fresh Buffer of that size is an ArrayBuffer with a backing store outside the V8 heap,
 * and V8 answers fast-growing external memory with full (mark-compact) collections: at ~200
 * pages of 50–80 kB a second the server ran about one full GC a second, and those pauses were
 * the p99 tails of every endpoint (bench/orders-lists with --trace-gc). A buffer goes back to
 * the pool only once its response is closed, when nothing writes from it any more.
 */
export class ReusableBuffers {
  private readonly free: Buffer[] = [];

  constructor(
    /** The smallest buffer made: most pages fit, so one buffer serves any of them. */
    private readonly minBytes = 128 * 1024,
    /** Free buffers kept at most (about the pages in flight at once). */
    private readonly maxFree = 32,
  ) {}

  /** `parts` copied into one reused buffer; `release` returns it once nothing reads it. */
  join(parts: readonly Buffer[]): { bytes: Buffer; release: () => void } {
    let length = 0;
    for (const part of parts) length += part.length;
    const buffer = this.take(length);
    let at = 0;
    for (const part of parts) at += part.copy(buffer, at);
    let released = false;
    return {
      bytes: buffer.subarray(0, length),
      release: () => {
        if (released) return;
        released = true;
        if (this.free.length < this.maxFree) this.free.push(buffer);
      },
    };
  }

  private take(length: number): Buffer {
    const index = this.free.findIndex((buffer) => buffer.length >= length);
    if (index >= 0) return this.free.splice(index, 1)[0] as Buffer;
    return Buffer.allocUnsafeSlow(Math.max(length, this.minBytes));
  }

  /** For tests. */
  get freeCount(): number {
    return this.free.length;
  }
}

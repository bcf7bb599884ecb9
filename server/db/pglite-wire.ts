/**
 * Splits the bytes a PostgreSQL client sends into whole protocol messages: PGlite must never be
 * handed part of one, and the start-up phase needs answers PGlite does not give.
 *
 * Before start-up the client's messages have no type byte: an 8-byte SSLRequest or
 * GSSENCRequest (answered 'N'), a 16-byte CancelRequest, then the StartupMessage. After it,
 * every message is a type byte and a length that counts itself but not the type.
 * https://www.postgresql.org/docs/current/protocol-message-formats.html
 */
export type Frame =
  | { kind: 'encryption-request' }
  | { kind: 'cancel-request' }
  | { kind: 'startup'; bytes: Uint8Array }
  | { kind: 'message'; bytes: Uint8Array }
  | { kind: 'terminate' };

const SSL_REQUEST = 80_877_103;
const GSSENC_REQUEST = 80_877_104;
const CANCEL_REQUEST = 80_877_102;
const TERMINATE = 'X'.charCodeAt(0);
/** A larger declared length is a broken or hostile client, not a query (PostgreSQL caps at 1 GB too). */
const MAX_MESSAGE_BYTES = 1 << 30;

export class WireProtocolError extends Error {}

export class WireFramer {
  #buffer: Buffer = Buffer.alloc(0);
  #started = false;

  /** Adds a chunk read from the socket; returns the messages it completed, in order. */
  push(chunk: Buffer): Frame[] {
    this.#buffer = this.#buffer.length === 0 ? chunk : Buffer.concat([this.#buffer, chunk]);
    const frames: Frame[] = [];
    for (;;) {
      const frame = this.#started ? this.#nextMessage() : this.#nextStartupPhase();
      if (!frame) return frames;
      frames.push(frame);
    }
  }

  /** Untyped messages: `int32 length, int32 code, …`. */
  #nextStartupPhase(): Frame | undefined {
    if (this.#buffer.length < 8) return undefined;
    const length = this.#buffer.readInt32BE(0);
    if (length < 8 || length > MAX_MESSAGE_BYTES) {
      throw new WireProtocolError(`bad start-up message length ${length}`);
    }
    if (this.#buffer.length < length) return undefined;
    const code = this.#buffer.readInt32BE(4);
    const bytes = this.#take(length);
    if (code === SSL_REQUEST || code === GSSENC_REQUEST) return { kind: 'encryption-request' };
    if (code === CANCEL_REQUEST) return { kind: 'cancel-request' };
    this.#started = true;
    return { kind: 'startup', bytes };
  }

  /** Typed messages: `byte type, int32 length (counting itself), body`. */
  #nextMessage(): Frame | undefined {
    if (this.#buffer.length < 5) return undefined;
    const length = this.#buffer.readInt32BE(1);
    if (length < 4 || length > MAX_MESSAGE_BYTES) {
      throw new WireProtocolError(`bad message length ${length}`);
    }
    if (this.#buffer.length < 1 + length) return undefined;
    const bytes = this.#take(1 + length);
    return bytes[0] === TERMINATE ? { kind: 'terminate' } : { kind: 'message', bytes };
  }

  #take(length: number): Uint8Array {
    // A copy: the rest of the buffer is reused and the message may outlive this call.
    const bytes = new Uint8Array(this.#buffer.subarray(0, length));
    this.#buffer = this.#buffer.subarray(length);
    return bytes;
  }
}

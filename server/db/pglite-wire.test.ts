import { describe, expect, it } from 'vitest';
import { WireFramer, WireProtocolError } from './pglite-wire';

const int32 = (value: number) => {
  const bytes = Buffer.alloc(4);
  bytes.writeInt32BE(value);
  return bytes;
};
const untyped = (code: number, body = Buffer.alloc(0)) =>
  Buffer.concat([int32(8 + body.length), int32(code), body]);
const typed = (type: string, body: string) =>
  Buffer.concat([Buffer.from(type), int32(4 + Buffer.byteLength(body)), Buffer.from(body)]);

const STARTUP = untyped(196_608, Buffer.from('user\0postgres\0database\0postgres\0\0'));
const QUERY = typed('Q', 'select 1\0');
const SYNC = typed('S', '');

describe('WireFramer (PostgreSQL wire protocol → whole messages)', () => {
  it('answers the start-up phase: encryption and cancel requests, then the startup message', () => {
    const framer = new WireFramer();
    const frames = framer.push(
      Buffer.concat([untyped(80_877_103), untyped(80_877_102, Buffer.alloc(8)), STARTUP]),
    );
    expect(frames.map((f) => f.kind)).toEqual(['encryption-request', 'cancel-request', 'startup']);
    expect(Buffer.from(frames[2]?.kind === 'startup' ? frames[2].bytes : [])).toEqual(STARTUP);
  });

  it('reassembles messages split across reads and splits several in one read', () => {
    const framer = new WireFramer();
    const stream = Buffer.concat([STARTUP, QUERY, SYNC, typed('X', '')]);
    const frames = [];
    for (let at = 0; at < stream.length; at += 3) {
      frames.push(...framer.push(stream.subarray(at, at + 3)));
    }
    expect(frames.map((f) => f.kind)).toEqual(['startup', 'message', 'message', 'terminate']);
    expect(frames[1]?.kind === 'message' && Buffer.from(frames[1].bytes)).toEqual(QUERY);

    const batch = new WireFramer();
    batch.push(STARTUP);
    expect(batch.push(Buffer.concat([QUERY, SYNC])).map((f) => f.kind)).toEqual([
      'message',
      'message',
    ]);
  });

  it('refuses a length no client sends', () => {
    expect(() => new WireFramer().push(Buffer.concat([int32(2), int32(0)]))).toThrow(
      WireProtocolError,
    );
    const framer = new WireFramer();
    framer.push(STARTUP);
    expect(() => framer.push(Buffer.concat([Buffer.from('Q'), int32(-1)]))).toThrow(
      WireProtocolError,
    );
  });
});

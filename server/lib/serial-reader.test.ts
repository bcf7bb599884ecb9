import { describe, expect, it } from 'vitest';
import { createSerialReader } from './serial-reader';

describe('createSerialReader', () => {
  it('reports a failed read and reads again at the next wake-up', async () => {
    const errors: unknown[] = [];
    let reads = 0;
    const reader = createSerialReader(
      async () => {
        reads++;
        if (reads === 1) throw new Error('down');
      },
      { pollMs: 600_000, onError: (error) => errors.push(error) },
    );
    reader.start();
    await reader.wake();
    expect(errors).toHaveLength(1);
    await reader.wake();
    expect(reads).toBe(2);
    expect(errors).toHaveLength(1);
    reader.stop();
  });

  it('is not wedged by a read that throws before its first await', async () => {
    let reads = 0;
    const read = (() => {
      reads++;
      throw new Error('at once');
    }) as () => Promise<void>;
    const reader = createSerialReader(read, { pollMs: 600_000, onError: () => {} });
    reader.start();
    await reader.wake();
    await reader.wake();
    expect(reads).toBe(2);
    reader.stop();
  });

  it('runs one read at a time', async () => {
    let running = 0;
    let most = 0;
    const reader = createSerialReader(
      async () => {
        running++;
        most = Math.max(most, running);
        await new Promise((resolve) => setTimeout(resolve, 5));
        running--;
      },
      { pollMs: 600_000, onError: () => {} },
    );
    reader.start();
    await Promise.all([reader.wake(), reader.wake(), reader.wake()]);
    expect(most).toBe(1);
    reader.stop();
  });
});

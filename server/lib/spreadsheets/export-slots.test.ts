import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createExportSlots } from './export-slots';

describe('export slots', () => {
  it('runs one export at a time per person, and a closed download frees his turn', async () => {
    const slots = createExportSlots();
    const first = slots.take(1, () => new PassThrough());
    expect(first).not.toBeNull();
    expect(slots.take(1, () => new PassThrough())).toBeNull();
    // Another person is not held up by him.
    expect(slots.take(2, () => new PassThrough())).not.toBeNull();
    first?.destroy();
    await new Promise((resolve) => setImmediate(resolve));
    expect(slots.take(1, () => new PassThrough())).not.toBeNull();
  });

  it('frees the turn when the download ends', async () => {
    const slots = createExportSlots();
    const file = new PassThrough();
    const body = slots.take(1, () => file);
    file.end('done');
    body?.resume();
    await new Promise((resolve) => body?.once('close', resolve));
    expect(slots.take(1, () => new PassThrough())).not.toBeNull();
  });
});

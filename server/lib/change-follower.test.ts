import { afterEach, describe, expect, it, vi } from 'vitest';
import { type ChangeFollowerOptions, createChangeFollower } from './change-follower';

interface Change {
  seq: number;
  value: string;
}

/** A stream in memory; a read can be held open until the test lets it finish. */
function fakeStream(head = 0) {
  const changes: Change[] = [];
  const reads: number[] = [];
  let hold: Promise<void> | undefined;
  let failNext = false;
  return {
    add(...values: string[]) {
      for (const value of values) {
        const seq = (changes.at(-1)?.seq ?? head) + 1;
        changes.push({ seq, value });
      }
      return changes.at(-1)?.seq ?? head;
    },
    /** Drops the changes up to `seq`, as pruning does. */
    prune(seq: number) {
      changes.splice(
        0,
        changes.findIndex((change) => change.seq > seq),
      );
    },
    /** The next reads wait until the returned function is called. */
    holdReads() {
      let release = () => {};
      hold = new Promise((resolve) => {
        release = () => {
          hold = undefined;
          resolve();
        };
      });
      return release;
    },
    failNextRead() {
      failNext = true;
    },
    reads: () => reads,
    head: async () => head,
    async readAfter(seq: number, limit: number) {
      reads.push(seq);
      const batch = changes.filter((change) => change.seq > seq).slice(0, limit);
      await hold;
      if (failNext) {
        failNext = false;
        throw new Error('read failed');
      }
      return batch;
    },
  };
}

function setup(options: Partial<ChangeFollowerOptions<Change>> = {}, head = 0) {
  const stream = fakeStream(head);
  const applied: number[] = [];
  const gaps: number[] = [];
  const errors: unknown[] = [];
  const follower = createChangeFollower<Change>({
    head: stream.head,
    readAfter: stream.readAfter,
    apply: (change) => applied.push(change.seq),
    onGap: (seq) => {
      gaps.push(seq);
    },
    pollMs: 600_000,
    onError: (error) => errors.push(error),
    ...options,
  });
  return { stream, follower, applied, gaps, errors };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('createChangeFollower', () => {
  it('reads nothing before start, then the changes after the head, in batches', async () => {
    const { stream, follower, applied } = setup({ batchSize: 2 }, 10);
    stream.add('a', 'b', 'c', 'd', 'e');
    await follower.wake();
    expect(stream.reads()).toEqual([]);
    await follower.start();
    expect(follower.position()).toBe(10);
    await follower.wake();
    expect(applied).toEqual([11, 12, 13, 14, 15]);
    // Full batches read on at once; the short one ends the read.
    expect(stream.reads()).toEqual([10, 12, 14]);
    expect(follower.position()).toBe(15);
    follower.stop();
  });

  it('resets at a gap before the first change read, then applies the batch', async () => {
    const { stream, follower, applied, gaps } = setup();
    await follower.start();
    stream.add('a', 'b', 'c');
    stream.prune(2);
    await follower.wake();
    expect(gaps).toEqual([0]);
    expect(applied).toEqual([3]);
    stream.add('d');
    await follower.wake();
    expect(gaps).toEqual([0]);
    expect(applied).toEqual([3, 4]);
    follower.stop();
  });

  it('awaits an async reset before applying', async () => {
    const order: string[] = [];
    const { stream, follower } = setup({
      onGap: async () => {
        await new Promise((resolve) => setTimeout(resolve, 5));
        order.push('reset');
      },
      apply: (change) => order.push(`apply ${change.seq}`),
    });
    await follower.start();
    stream.add('a', 'b');
    stream.prune(1);
    await follower.wake();
    expect(order).toEqual(['reset', 'apply 2']);
    follower.stop();
  });

  it('answers a writer with its change once read; undefined once read before or skipped', async () => {
    const { stream, follower } = setup();
    await follower.start();
    const seq = stream.add('mine');
    expect(await follower.settled(seq)).toEqual({ seq, value: 'mine' });
    expect(await follower.settled(seq)).toBeUndefined();
    // A change pruned before it was read: its writer is answered, with nothing.
    const lost = stream.add('lost');
    stream.add('kept');
    stream.prune(lost);
    expect(await follower.settled(lost)).toBeUndefined();
    follower.stop();
  });

  it('answers undefined when the read fails, reports it, and the next read catches up', async () => {
    const { stream, follower, applied, errors } = setup();
    await follower.start();
    const seq = stream.add('a');
    stream.failNextRead();
    expect(await follower.settled(seq)).toBeUndefined();
    expect(errors).toHaveLength(1);
    expect(applied).toEqual([]);
    await follower.wake();
    expect(applied).toEqual([seq]);
    follower.stop();
  });

  it('reads once more when woken during a read, before the read resolves', async () => {
    const { stream, follower, applied } = setup();
    await follower.start();
    stream.add('a');
    const release = stream.holdReads();
    const first = follower.wake();
    await vi.waitFor(() => expect(stream.reads()).toHaveLength(1));
    // Committed while the read was under way, after it had read its batch.
    const later = stream.add('b');
    const second = follower.wake();
    expect(second).toBe(first);
    const mine = follower.settled(later);
    release();
    await second;
    expect(applied).toEqual([1, 2]);
    expect(stream.reads()).toEqual([0, 1]);
    expect(await mine).toEqual({ seq: later, value: 'b' });
    follower.stop();
  });

  it('answers every waiting writer when stopped, and reads nothing after', async () => {
    const { stream, follower } = setup();
    await follower.start();
    const release = stream.holdReads();
    const seq = stream.add('a');
    const waiting = follower.settled(seq);
    follower.stop();
    // The read under way applies the change, but its writer was answered at the stop.
    release();
    expect(await waiting).toBeUndefined();
    expect(follower.position()).toBe(seq);
    const reads = stream.reads().length;
    await follower.wake();
    expect(stream.reads()).toHaveLength(reads);
  });

  it('reads untold every pollMs', async () => {
    vi.useFakeTimers();
    const { stream, follower, applied } = setup({ pollMs: 1_000 });
    await follower.start();
    stream.add('a');
    await vi.advanceTimersByTimeAsync(999);
    expect(applied).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(applied).toEqual([1]);
    follower.stop();
    stream.add('b');
    await vi.advanceTimersByTimeAsync(5_000);
    expect(applied).toEqual([1]);
  });
});

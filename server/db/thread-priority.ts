import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';

/** What lowering a thread's priority did: its Linux thread id, or why nothing was done. */
export type NiceOutcome = { thread: number } | { skipped: string };

/**
 * Lowers the calling thread's scheduling priority to `nice` (0–19; higher yields more), and only
 * this thread's: on Linux a thread is a task with a nice value of its own, and
 * /proc/thread-self names the caller. Elsewhere the threads cannot be told apart (setpriority
 * would change the whole process, main thread included), so nothing is done.
 *
 * Why (docs/DECISIONS.md "The embedded database yields the CPU"): the PGlite worker and the
 * event loop share the process's CPUs. On a one- or two-core host a write's query in the
 * worker held the core for milliseconds while requests that need no query at all (the consoles'
 * cached polls) waited behind it. A niced worker still gets every idle cycle; it only gives way
 * when the event loop has work.
 */
export function niceThisThread(nice: number): NiceOutcome {
  if (nice === 0) return { skipped: 'nice 0 asked' };
  if (process.platform !== 'linux') return { skipped: `not on Linux (${process.platform})` };
  let thread: number;
  try {
    thread = Number(readlinkSync('/proc/thread-self').split('/').at(-1));
  } catch (error) {
    return { skipped: `/proc/thread-self unreadable: ${(error as Error).message}` };
  }
  if (!Number.isInteger(thread) || thread <= 0) return { skipped: 'no thread id in /proc' };
  try {
    setPriority(thread, nice);
  } catch (error) {
    return { skipped: `setpriority refused: ${(error as Error).message}` };
  }
  return { thread };
}

import { readdirSync, readFileSync } from 'node:fs';

/**
 * A server's CPU time split between its main thread (the event loop) and all its other
 * threads (the PGlite worker, V8's collector and compiler helpers), read from Linux's
 * /proc/<pid>/task/<tid>/stat (clock ticks of 10 ms). Undefined where /proc is missing.
 */
export interface ThreadCpu {
  mainMs: number;
  otherMs: number;
}

const TICK_MS = 10;

export function threadCpu(pid: number): ThreadCpu | undefined {
  let tids: string[];
  try {
    tids = readdirSync(`/proc/${pid}/task`);
  } catch {
    return undefined;
  }
  const reading: ThreadCpu = { mainMs: 0, otherMs: 0 };
  for (const tid of tids) {
    let stat: string;
    try {
      stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
    } catch {
      continue; // the thread ended meanwhile
    }
    // Fields after the command name (which may hold spaces): utime is the 14th, stime the 15th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ms = (Number(fields[11]) + Number(fields[12])) * TICK_MS;
    if (tid === String(pid)) reading.mainMs += ms;
    else reading.otherMs += ms;
  }
  return reading;
}

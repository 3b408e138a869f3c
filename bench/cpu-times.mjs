// The CPU time processes have used, from Linux's /proc: what a piece of work cost each process,
// whatever else the machine was doing meanwhile.
import { readFile } from 'node:fs/promises';

/**
 * The CPU time (user and system, every thread) each process of `pids` has used so far, in ms;
 * read from /proc (Linux), so an empty map elsewhere or for a process gone.
 */
export async function cpuTimes(pids) {
  const times = new Map();
  for (const pid of pids) {
    try {
      const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
      // After "pid (name) ": state, … utime and stime are the 12th and 13th fields, in ticks
      // of 1/100 s (USER_HZ).
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      times.set(pid, (Number(fields[11]) + Number(fields[12])) * 10);
    } catch {
      // Not Linux, or the process has ended.
    }
  }
  return times;
}

/** The CPU ms the processes of `after` used since `before` (a process new since then: all of it). */
export const cpuSince = (before, after) =>
  [...after].reduce((sum, [pid, ms]) => sum + ms - (before.get(pid) ?? 0), 0);

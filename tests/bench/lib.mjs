// What the benchmarks read from a running server and how they summarise it.
import { readFileSync } from 'node:fs';

/** A process's resident memory, in KiB (from /proc). */
export function rssKiB(pid) {
  return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]);
}

export const rssMb = (pid) => rssKiB(pid) / 1024;

/** CPU seconds a process has used so far, user and system (from /proc). */
export function cpuSeconds(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** The p-th quantile (0..1) of an ascending array; NaN when it is empty. */
export function percentile(sorted, p) {
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] : NaN;
}

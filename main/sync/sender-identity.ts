// Who a sender is, and whether it is still alive. A sender's id names its host, process id
// and process start time, so a lease held by a process that died is broken at once (even
// if its pid was reused), and a lease held by a live process is never taken, however long
// it stalls (SIGSTOP, a suspended laptop) and whatever the wall clocks say.
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { codeOf } from '../../domain/errors.js';

export type Liveness = 'alive' | 'dead' | 'unknown';

/** Answers whether the sender with this id is still running. */
export type LivenessProbe = (owner: string) => Liveness;

interface ParsedOwner {
  host: string;
  pid: number;
  start: string | null;
}

/** Process start time in clock ticks since boot (Linux); null where it cannot be read. */
function processStart(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces) start after the last ')'.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null;
  } catch {
    return null;
  }
}

export function parseOwner(owner: string): ParsedOwner | null {
  const [host, pid, start] = owner.split('#');
  if (!host || !pid || !/^\d+$/.test(pid)) return null;
  // Ids written before start times were kept have a random suffix in that place.
  return { host, pid: Number(pid), start: start && /^\d+$/.test(start) ? start : null };
}

/** Senders of this process that are running now: a dropped engine's id is not alive. */
const liveHere = new Set<string>();

export function newSenderId(): string {
  const start = processStart(process.pid) ?? 'x';
  const owner = `${hostname()}#${process.pid}#${start}#${randomBytes(4).toString('hex')}`;
  liveHere.add(owner);
  return owner;
}

export function senderEnded(owner: string): void {
  liveHere.delete(owner);
}

/** Whether a process with this id exists (EPERM: it does, under another user). */
export function pidExists(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return codeOf(error) === 'EPERM';
  }
}

/** The probe for real processes on this machine. Another host's sender is 'unknown'. */
export const systemLiveness: LivenessProbe = (owner) => {
  const parsed = parseOwner(owner);
  if (!parsed || parsed.host !== hostname()) return 'unknown';
  if (parsed.pid === process.pid) return liveHere.has(owner) ? 'alive' : 'dead';
  if (!pidExists(parsed.pid)) return 'dead';
  if (parsed.start === null) return 'alive';
  const start = processStart(parsed.pid);
  return start === null || start === parsed.start ? 'alive' : 'dead';
};

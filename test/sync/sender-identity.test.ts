// The sender check: whether the process that holds the lease is still running. Real
// processes, real signals: a child that lives, one that was killed, a reused pid.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { describe, expect, it } from 'vitest';
import {
  newSenderId,
  parseOwner,
  pidExists,
  senderEnded,
  systemLiveness,
} from '../../main/sync/sender-identity.js';

/** A process's start time in clock ticks since boot, from /proc (Linux), as ids keep it. */
function startOf(pid: number): string {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19]!;
}

describe('sender ids', () => {
  it('name the host, the pid and the process start time', () => {
    const id = newSenderId();
    const parsed = parseOwner(id);
    expect(parsed).toMatchObject({ host: hostname(), pid: process.pid });
    expect(parsed!.start).toMatch(/^\d+$/);
    expect(parsed!.start).toBe(startOf(process.pid));
    senderEnded(id);
    expect(parseOwner('not-an-id')).toBeNull();
    expect(parseOwner('host#abc#1')).toBeNull();
    expect(parseOwner('host#12#a1b2')).toEqual({ host: 'host', pid: 12, start: null });
  });

  it("say this process's running sender is alive, and an ended one dead", () => {
    const id = newSenderId();
    expect(systemLiveness(id)).toBe('alive');
    senderEnded(id);
    expect(systemLiveness(id)).toBe('dead');
  });

  it('say a live child is alive, and dead once killed; a reused pid is not the same sender', async () => {
    const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)']);
    await new Promise((resolve) => child.once('spawn', resolve));
    const pid = child.pid!;
    const start = startOf(pid);
    const childId = `${hostname()}#${pid}#${start}#abcd`;
    expect(systemLiveness(childId)).toBe('alive');
    // The same pid with another start time: a process that reused the pid.
    expect(systemLiveness(`${hostname()}#${pid}#${Number(start) + 1}#abcd`)).toBe('dead');
    child.kill('SIGKILL');
    await new Promise((resolve) => child.once('exit', resolve));
    expect(pidExists(pid)).toBe(false);
    expect(systemLiveness(childId)).toBe('dead');
    expect(systemLiveness(`another-host#${pid}#${start}#abcd`)).toBe('unknown');
  });
});

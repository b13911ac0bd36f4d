// A real, small file system for disk-full and read-only tests: a tmpfs mounted on a
// temporary folder. Mounting needs root (or CAP_SYS_ADMIN); where it is not allowed the
// tests that need it are skipped, and say why.
import { execFileSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const mount = (...args: string[]) => execFileSync('mount', args, { stdio: 'pipe' });

function probe(): string | undefined {
  const dir = mkdtempSync(join(tmpdir(), 'tillsync-mount-probe-'));
  try {
    mount('-t', 'tmpfs', '-o', 'size=64k', 'tmpfs', dir);
    execFileSync('umount', [dir]);
    return undefined;
  } catch (error) {
    return `cannot mount a tmpfs here (${(error as Error).message.split('\n')[0]}): run the tests as root to include them`;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Why small disks cannot be made here, or undefined when they can. */
export const smallDiskUnavailable = probe();

export function smallDisk(bytes: number) {
  const dir = mkdtempSync(join(tmpdir(), 'tillsync-small-disk-'));
  mount('-t', 'tmpfs', '-o', `size=${bytes}`, 'tmpfs', dir);
  const filler = join(dir, 'filler');
  return {
    dir,
    /** Fills every free byte with a file; `free()` removes it. */
    fill() {
      const fd = openSync(filler, 'a');
      try {
        for (const chunk of [65_536, 4096, 512, 1]) {
          try {
            for (;;) writeSync(fd, Buffer.alloc(chunk));
          } catch (error) {
            if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error;
          }
        }
      } finally {
        closeSync(fd);
      }
    },
    free: () => rmSync(filler, { force: true }),
    readOnly: (on: boolean) => mount('-o', on ? 'remount,ro' : 'remount,rw', dir),
    remove() {
      execFileSync('umount', [dir]);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

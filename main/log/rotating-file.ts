// A log file that rotates by size: tillsync.log, then tillsync.log.1 (newer) ...
// tillsync.log.N (oldest), the oldest dropped. Written synchronously, one whole line at a
// time, so a crash never leaves half a line and a line is never split across files.
import {
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  renameSync,
  rmSync,
  statSync,
  writeSync,
} from 'node:fs';
import { dirname } from 'node:path';
import { Writable } from 'node:stream';

export interface RotationOptions {
  file: string;
  maxBytes?: number;
  keep?: number;
}

export const rotatedName = (file: string, index: number) =>
  index === 0 ? file : `${file}.${index}`;

export function rotatingFile({
  file,
  maxBytes = 5 * 1024 * 1024,
  keep = 5,
}: RotationOptions): Writable {
  mkdirSync(dirname(file), { recursive: true });
  let fd = openSync(file, 'a', 0o600);
  let size = statSync(file).size;

  function rotate(): void {
    closeSync(fd);
    rmSync(rotatedName(file, keep), { force: true });
    for (let index = keep - 1; index >= 0; index--) {
      if (existsSync(rotatedName(file, index)))
        renameSync(rotatedName(file, index), rotatedName(file, index + 1));
    }
    fd = openSync(file, 'a', 0o600);
    size = 0;
  }

  return new Writable({
    write(chunk: Buffer, _encoding, done) {
      try {
        if (size > 0 && size + chunk.length > maxBytes) rotate();
        writeSync(fd, chunk);
        size += chunk.length;
        done();
      } catch (error) {
        done(error as Error);
      }
    },
    final(done) {
      closeSync(fd);
      done();
    },
  });
}

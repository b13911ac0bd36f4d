// Writing an export to a file: in 64 KB pieces rather than a system call per sale, beside
// the target, and renamed into place only once whole, so a failed export leaves no
// half-written file behind.
import { closeSync, openSync, renameSync, rmSync, writeSync } from 'node:fs';

const PIECE = 65_536;

export function fileOutput(target: string) {
  const partial = `${target}.partial`;
  const fd = openSync(partial, 'w');
  let buffered = '';
  return {
    write: (chunk: string) => {
      buffered += chunk;
      if (buffered.length >= PIECE) {
        writeSync(fd, buffered);
        buffered = '';
      }
    },
    /** Writes what is left and puts the file in place. */
    done() {
      writeSync(fd, buffered);
      closeSync(fd);
      renameSync(partial, target);
    },
    /** Drops the partial file. */
    fail() {
      closeSync(fd);
      rmSync(partial, { force: true });
    },
  };
}

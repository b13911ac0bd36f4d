// A seed's till file: a copy of one migrated file, made once per process and kept in
// memory. Migrating a new file costs about 14 ms, a tenth of a seed; the migrations write
// no time or random value, so every copy is the file a new till would make.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { openStore } from '../../db/store.js';

let template: Buffer | undefined;

function migratedFile(scratch: string): Buffer {
  const dir = mkdtempSync(join(scratch, 'tillsync-sim-template-'));
  try {
    const file = join(dir, 'tillsync.db');
    openStore(file).close(); // closing checkpoints the WAL: the one file holds it all
    return readFileSync(file);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A freshly migrated till file in `dir` (`scratch`: where the first one is made). */
export function freshTillFile(scratch: string, dir: string): string {
  template ??= migratedFile(scratch);
  const file = join(dir, 'tillsync.db');
  writeFileSync(file, template);
  return file;
}

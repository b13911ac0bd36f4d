// A till's stable id for monitoring: a UUID made once and kept in its data folder, so the
// till keeps its series when it is renamed, moves shops or is reinstalled over its data.
import { randomUUID } from 'node:crypto';
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const TILL_ID_FILE = 'till-id';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export function tillId(dataDir: string): string {
  const file = join(dataDir, TILL_ID_FILE);
  try {
    const kept = readFileSync(file, 'utf8').trim();
    if (UUID.test(kept)) return kept;
  } catch {
    // Not made yet: made below.
  }
  const id = randomUUID();
  // Written whole or not at all: a cut write never leaves half an id to be read back.
  writeFileSync(`${file}.partial`, `${id}\n`, { mode: 0o644 });
  renameSync(`${file}.partial`, file);
  return id;
}

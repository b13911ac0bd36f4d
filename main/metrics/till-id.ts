// A till's stable id for monitoring: a UUID made once and kept in its data folder, so the
// till keeps its series when it is renamed, moves shops or is reinstalled over its data.
import { randomUUID } from 'node:crypto';
import { linkSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { codeOf } from '../../domain/errors.js';

export const TILL_ID_FILE = 'till-id';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function keptId(file: string): string | undefined {
  try {
    const kept = readFileSync(file, 'utf8').trim();
    return UUID.test(kept) ? kept : undefined;
  } catch {
    return undefined; // Not made yet.
  }
}

export function tillId(dataDir: string): string {
  const file = join(dataDir, TILL_ID_FILE);
  const kept = keptId(file);
  if (kept) return kept;
  const id = randomUUID();
  // Written whole under a name of its own, then linked into place: a cut write never leaves
  // half an id, and of two processes starting at once the first link wins and the other
  // takes its id (renaming one shared partial file made the second fail).
  const partial = `${file}.${id}.partial`;
  writeFileSync(partial, `${id}\n`, { mode: 0o644 });
  try {
    linkSync(partial, file);
    return id;
  } catch (error) {
    const other = keptId(file);
    if (codeOf(error) === 'EEXIST' && other) return other;
    // A file system without links, or a damaged id: this one replaces it.
    renameSync(partial, file);
    return id;
  } finally {
    rmSync(partial, { force: true });
  }
}

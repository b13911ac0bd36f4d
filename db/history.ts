// The archive files, read as part of the till's history: each is attached to the store's
// connection (read only, by its year) the first time a read needs it, so exports and sale
// lists see archived periods without knowing they were moved. A sale found both here and
// in an archive (a move that was cut short, or a restored backup) is the main file's.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { archiveFolder, yearOfArchive } from './archive.js';
import type { TillDatabase } from './open.js';

/** SQLite attaches at most 10 databases; a few are left for other work. */
const MAX_ARCHIVES = 8;

export function createHistory({ sqlite, file }: TillDatabase) {
  const attached = new Map<number, string>(); // year -> schema name

  /** The schema names of the archives, oldest first, attaching any new file. */
  function archiveSchemas(): string[] {
    const folder = archiveFolder(file);
    let names: string[];
    try {
      names = readdirSync(folder);
    } catch {
      return [];
    }
    const years = names
      .map((name) => ({ name, year: yearOfArchive(name) }))
      .filter((entry): entry is { name: string; year: number } => entry.year !== null)
      .sort((a, b) => a.year - b.year)
      .slice(-MAX_ARCHIVES);
    for (const { name, year } of years) {
      if (attached.has(year)) continue;
      const schema = `archive_${year}`;
      sqlite.prepare(`attach database ? as ${schema}`).run(join(folder, name));
      attached.set(year, schema);
    }
    return [...attached.entries()].sort(([a], [b]) => a - b).map(([, schema]) => schema);
  }

  return {
    archiveSchemas,
    /** Rows of an archive that the main file does not also hold. */
    notInMain: (alias: string) =>
      `not exists (select 1 from main.sales kept where kept.id = ${alias}.id)`,
  };
}

export type History = ReturnType<typeof createHistory>;

/** Merges lists each ordered by `key` (ascending, or descending with `descending`). */
export function* mergeOrdered<T>(
  sources: Array<Iterator<T>>,
  key: (item: T) => number,
  descending = false,
): Generator<T> {
  const heads = sources.map((source) => source.next());
  try {
    for (;;) {
      let best = -1;
      for (let i = 0; i < heads.length; i++) {
        const head = heads[i]!;
        if (head.done) continue;
        const better =
          best === -1 ||
          (descending
            ? key(head.value) > key(heads[best]!.value as T)
            : key(head.value) < key(heads[best]!.value as T));
        if (better) best = i;
      }
      if (best === -1) return;
      yield heads[best]!.value as T;
      heads[best] = sources[best]!.next();
    }
  } finally {
    // A reader that stops early (a full disk) frees the statements still reading.
    for (const source of sources) source.return?.();
  }
}

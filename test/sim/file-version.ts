// Whether the till file changed, as the checker's connection sees it: SQLite's data_version,
// which moves with every commit of another connection (the checker only reads). Rows read
// while it stands still are the rows read before, so a check may keep what it read: it flags
// exactly what a fresh read would, without the statements (a step commits nothing most of
// the time).
import type Database from 'better-sqlite3';

export interface FileVersion {
  /** The version at the last refresh. */
  readonly current: number;
  /** Reads the version anew: once a step, before the step's checks. */
  refresh(): void;
}

export function createFileVersion(checker: Database.Database): FileVersion {
  const read = checker.prepare('pragma data_version').pluck();
  let current = read.get() as number;
  return {
    get current() {
      return current;
    },
    refresh() {
      current = read.get() as number;
    },
  };
}

/**
 * `read`, kept for each set of arguments until the file changes. What it returns is shared
 * by the callers: they must not change it.
 */
export function keptWhileUnchanged<Args extends Array<string | number | null>, Result>(
  version: FileVersion,
  read: (...args: Args) => Result,
): (...args: Args) => Result {
  const kept = new Map<string, Result>();
  let keptAt: number | undefined;
  return (...args) => {
    if (version.current !== keptAt) {
      kept.clear();
      keptAt = version.current;
    }
    const key = JSON.stringify(args);
    if (!kept.has(key)) kept.set(key, read(...args));
    return kept.get(key)!;
  };
}

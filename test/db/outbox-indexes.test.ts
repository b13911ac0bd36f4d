// The sync engine's and the Sync screen's questions about the outbox are answered from
// indexes that hold only the rows concerned: none of them walks the whole outbox, which
// after years of trading is mostly synced history. And a synced sale is in none of those
// indexes, so sending a sale touches only the queue's head.
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createRefusedActions } from '../../db/refused.js';
import { createLease } from '../../db/lease.js';
import { openDatabase, type TillDatabase } from '../../db/open.js';
import { createOutboxQueries } from '../../db/outbox.js';
import { createSettingsStore } from '../../db/settings.js';
import { tempDir } from '../helpers/temp-dir.js';

let database: TillDatabase;
beforeEach(() => {
  database = openDatabase(join(tempDir(), 'tillsync.db'));
});
afterEach(() => database.close());

/** Every statement the queries prepare on the connection. */
function statementsOf(build: (database: TillDatabase) => unknown): string[] {
  const prepared: string[] = [];
  const sqlite = database.sqlite;
  const prepare = sqlite.prepare.bind(sqlite);
  sqlite.prepare = (source: string) => {
    prepared.push(source);
    return prepare(source);
  };
  try {
    build(database);
  } finally {
    sqlite.prepare = prepare;
  }
  return prepared;
}

/** The plan of a statement, its parameters (named, or drizzle's `?`) bound to 0. */
function planOf(source: string): string[] {
  const names = [...new Set(source.match(/@\w+/g) ?? [])].map((name) => name.slice(1));
  const parameters = Object.fromEntries(names.map((name) => [name, 0]));
  const positional = (source.match(/\?/g) ?? []).map(() => 0);
  return database.sqlite
    .prepare<unknown[], { detail: string }>(`explain query plan ${source}`)
    .all(...(positional.length > 0 ? positional : [parameters]))
    .map((row) => row.detail);
}

/** A step on the outbox that uses no index reads every row of it (SQLite may call it SEARCH). */
const walksOutbox = (plan: string[]) =>
  plan.some((step) => /^(SCAN|SEARCH) (outbox|o)\b/.test(step) && !/\bUSING\b/.test(step));

describe('the outbox indexes', () => {
  const sources = {
    'the engine': (db: TillDatabase) => createOutboxQueries(db),
    'the lease': (db: TillDatabase) => createLease(db),
    'the refused sale actions': (db: TillDatabase) =>
      createRefusedActions(db, createSettingsStore(db), { saleWithdrawn: () => false }),
  };

  for (const [who, build] of Object.entries(sources)) {
    it(`answer every question of ${who} without walking the whole outbox`, () => {
      const statements = statementsOf(build).filter((source) => /\boutbox\b/.test(source));
      expect(statements.length).toBeGreaterThan(0);
      const walking = statements.filter((source) => walksOutbox(planOf(source)));
      expect(walking).toEqual([]);
    });
  }

  it('leave a synced sale out of every index but its keys', () => {
    const indexes = database.sqlite
      .prepare<[], { name: string; partial: number }>(
        `select name, partial from pragma_index_list('outbox')`,
      )
      .all();
    const full = indexes.filter((index) => !index.partial).map((index) => index.name);
    // The primary key (sale id) and the idempotency key: looked up one sale at a time.
    expect(full.sort()).toEqual(['outbox_idempotency_key_unique', 'sqlite_autoindex_outbox_1']);
  });
});

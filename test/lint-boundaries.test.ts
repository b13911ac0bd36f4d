import { join } from 'node:path';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';
import { repoRoot } from './helpers/cli.js';

// The folder boundaries of docs/architecture.md, checked with the project's own lint
// config (type-aware rules off: the probe files do not exist on disk).
const eslint = new ESLint({
  cwd: repoRoot,
  overrideConfig: [
    { languageOptions: { parserOptions: { projectService: false, project: null } } },
    tseslint.configs.disableTypeChecked,
  ],
});

async function restrictedImports(
  folder: string,
  code: string,
  rule = 'no-restricted-imports',
): Promise<string[]> {
  const [result] = await eslint.lintText(code, {
    filePath: join(repoRoot, folder, 'boundary-probe.ts'),
  });
  return result!.messages.filter((m) => m.ruleId === rule).map((m) => m.message);
}

/** The lines (from 1) of `lines` that the no-SQL-outside-db/ rule flags in that folder. */
async function sqlLines(folder: string, lines: string[]): Promise<number[]> {
  const [result] = await eslint.lintText(lines.join('\n'), {
    filePath: join(repoRoot, folder, 'boundary-probe.ts'),
  });
  const flagged = result!.messages
    .filter(
      (m) => m.ruleId === 'no-restricted-syntax' && m.message.startsWith('No SQL outside db/'),
    )
    .map((m) => m.line);
  return [...new Set(flagged)].sort((a, b) => a - b);
}

const TAKE_DRIZZLE_FROM_DB = 'Take drizzle-orm from db/drizzle.ts';

describe('folder boundaries', () => {
  it('take drizzle-orm only through db/drizzle.ts, in every folder', async () => {
    const code = `import { sql } from 'drizzle-orm';\nimport { text } from 'drizzle-orm/sqlite-core';\nexport { eq } from 'drizzle-orm';\n`;
    for (const folder of ['db', 'sandbox/db', 'main/sync', 'main/electron', 'test']) {
      const found = await restrictedImports(folder, code, 'no-restricted-syntax');
      expect(found.filter((m) => m.startsWith(TAKE_DRIZZLE_FROM_DB))).toHaveLength(3);
    }
    const types = `import type { SQL } from 'drizzle-orm';\nexport type { Column } from 'drizzle-orm';\nimport { sql } from './drizzle.js';\n`;
    expect(await restrictedImports('db', types, 'no-restricted-syntax')).toHaveLength(0);
  });

  it('keep SQL in db/: the app asks db/ rather than writing statements', async () => {
    const code = [
      `import { typedQuery } from '../../db/typed-sql.js';`,
      `store.database.sqlite.prepare('select 1').get();`,
      `store.database.sqlite.pragma('busy_timeout = 50');`,
      `sqlite.exec('VACUUM');`,
      `const row = /x/.exec(text);`,
    ];
    for (const folder of ['main/doctor', 'main/sync', 'renderer/src', 'domain']) {
      expect(await sqlLines(folder, code)).toEqual([1, 2, 3, 4]);
    }
    expect(await sqlLines('db', code)).toEqual([]);
  });

  it('keep the driver, drizzle and its sql out of the app, type imports too', async () => {
    const code = [
      `import Database from 'better-sqlite3';`,
      `import type { Database as Connection } from 'better-sqlite3';`,
      `import { eq } from 'drizzle-orm';`,
      `import type { SQL } from 'drizzle-orm/sqlite-core';`,
      `import { sql } from '../../db/drizzle.js';`,
      `export { and } from '../../db/drizzle.js';`,
      `const typed = await import('../../db/typed-sql.js');`,
      `import { recentAttempts } from '../../db/attempt-log.js';`,
      `import type { TillDatabase } from '../../db/open.js';`,
      `import { OUTBOX_STATES } from '../../db/schema.js';`,
    ];
    for (const folder of ['main/doctor', 'main/sync', 'main/electron', 'renderer/src', 'domain']) {
      expect(await sqlLines(folder, code)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    }
    expect(await sqlLines('db', code)).toEqual([]);
  });

  it("keep the connection and drizzle's handle in db/: the app hands the database over", async () => {
    const code = [
      `const raw = store.database.sqlite;`,
      `const { sqlite } = database;`,
      `database.db.select().from(outbox).all();`,
      `store.database.db.update(outbox).set({ attempts: 0 }).run();`,
      `createOutboxQueries(store.database);`,
      `const { db, dataDir } = command.optsWithGlobals();`,
    ];
    for (const folder of ['main/doctor', 'main/sync', 'renderer/src', 'domain']) {
      expect(await sqlLines(folder, code)).toEqual([1, 2, 3, 4]);
    }
    expect(await sqlLines('db', code)).toEqual([]);
  });

  it('keep db/ from importing the app', async () => {
    const found = await restrictedImports(
      'db',
      `import '../main/cli/main.js';\nimport '../renderer/app.js';\nimport 'electron';\n`,
    );
    expect(found).toHaveLength(3);
  });

  it('keep domain/ free of Node and of every other folder', async () => {
    const code = `import 'node:fs';\nimport '../db/store.js';\nimport '../main/contract/contract.js';\n`;
    expect(await restrictedImports('domain', code)).toHaveLength(3);
    const others = `import 'fastify';\nimport '../sandbox/server.js';\nimport '../test/helpers/sales.js';\nimport 'zod/mini';\n`;
    expect(await restrictedImports('domain', others)).toHaveLength(4);
    const allowed = `import { z } from 'zod';\nimport { ok } from './result.js';\nimport type { Sale } from './sale.js';\n`;
    expect(await restrictedImports('domain', allowed)).toHaveLength(0);
    // Its views reach up into domain/, never out of it.
    const fromViews = `import { ok } from '../result.js';\nimport { sentence } from './words.js';\n`;
    expect(await restrictedImports('domain/views', fromViews)).toHaveLength(0);
    const outOfViews = `import '../../db/store.js';\nimport '../../main/contract/contract.js';\nimport 'node:fs';\n`;
    expect(await restrictedImports('domain/views', outOfViews)).toHaveLength(3);
    expect(await restrictedImports('db', `import '../domain/result.js';\n`)).toHaveLength(0);
    expect(
      await restrictedImports('renderer/src', `import '../../domain/result.js';\n`),
    ).toHaveLength(0);
  });

  it('keep the sandbox from importing the app', async () => {
    expect(await restrictedImports('sandbox', `import '../main/sync/engine.js';\n`)).toHaveLength(
      1,
    );
    expect(await restrictedImports('sandbox', `import '../db/money.js';\n`)).toHaveLength(0);
  });

  it('keep the renderer free of Node, the database and electron', async () => {
    const code = `import 'node:fs';\nimport 'path';\nimport 'better-sqlite3';\nimport 'electron';\nimport '../db/store.js';\n`;
    expect(await restrictedImports('renderer', code)).toHaveLength(5);
  });

  it('let the renderer import the contract, and nothing else of main/', async () => {
    expect(
      await restrictedImports('renderer/src', `import '../../main/contract/contract.js';\n`),
    ).toHaveLength(0);
    expect(
      await restrictedImports(
        'renderer/src',
        `import '../../main/sync/engine.js';\nimport '../../main/agent/service.js';\n`,
      ),
    ).toHaveLength(2);
  });

  it('keep the sync engine from importing what runs it', async () => {
    const code = ['agent/runtime', 'cli/main', 'console/server', 'electron/ipc']
      .map((path) => `import '../${path}.js';`)
      .join('\n');
    expect(await restrictedImports('main/sync', code)).toHaveLength(4);
    expect(await restrictedImports('main/sync', `import '../log/log-port.js';\n`)).toHaveLength(0);
  });

  it('keep logging from importing the sync engine', async () => {
    expect(await restrictedImports('main/log', `import '../sync/engine.js';\n`)).toHaveLength(1);
  });

  it('let only main/electron/ import electron', async () => {
    expect(await restrictedImports('main/sync', `import 'electron';\n`)).toHaveLength(1);
    expect(await restrictedImports('main/electron', `import 'electron';\n`)).toHaveLength(0);
  });
});

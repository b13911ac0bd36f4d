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

describe('folder boundaries', () => {
  it('take drizzle-orm only through db/drizzle.ts, in every folder', async () => {
    const code = `import { sql } from 'drizzle-orm';\nimport { text } from 'drizzle-orm/sqlite-core';\nexport { eq } from 'drizzle-orm';\n`;
    for (const folder of ['db', 'sandbox/db', 'main/sync', 'main/electron', 'test']) {
      expect(await restrictedImports(folder, code, 'no-restricted-syntax')).toHaveLength(3);
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
    ].join('\n');
    for (const folder of ['main/doctor', 'main/sync', 'renderer/src', 'domain']) {
      const found = await restrictedImports(folder, code, 'no-restricted-syntax');
      expect(found.filter((m) => m.startsWith('No SQL outside db/'))).toHaveLength(4);
    }
    expect(await restrictedImports('db', code, 'no-restricted-syntax')).toHaveLength(0);
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

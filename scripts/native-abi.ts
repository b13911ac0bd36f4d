// Is a native module built for Electron's ABI? Loading it in this Node answers: a module
// built for Node loads; one built for Electron fails, naming the NODE_MODULE_VERSION it was
// built for. Used by `npm run dist` so that a Node build is never shipped.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const require = createRequire(import.meta.url);

export const electronAbi = () =>
  readFileSync(
    join(dirname(require.resolve('electron/package.json')), 'abi_version'),
    'utf8',
  ).trim();
export const sqliteBinding = () =>
  join(
    dirname(require.resolve('better-sqlite3/package.json')),
    'build',
    'Release',
    'better_sqlite3.node',
  );

export function checkElectronAbi(
  binding: string,
  expected: string,
): { ok: boolean; reason: string } {
  try {
    process.dlopen({ exports: {} }, binding);
    return {
      ok: false,
      reason: `${binding} is built for this Node (ABI ${process.versions.modules}), not for Electron (ABI ${expected})`,
    };
  } catch (error) {
    const built = /NODE_MODULE_VERSION (\d+)/.exec((error as Error).message)?.[1];
    if (built === expected)
      return { ok: true, reason: `${binding} is built for Electron (ABI ${expected})` };
    return {
      ok: false,
      reason: `${binding} cannot be checked or is for ABI ${built ?? 'unknown'}: ${(error as Error).message}`,
    };
  }
}

if (process.argv[1]?.endsWith('native-abi.ts')) {
  const result = checkElectronAbi(sqliteBinding(), electronAbi());
  console.log(result.reason);
  process.exitCode = result.ok ? 0 : 1;
}

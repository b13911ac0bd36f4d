// Will the SQLite native module load in Electron? A Node-API module (better-sqlite3 13
// and later) does, whatever Node or Electron loads it. A module built against one runtime's
// own ABI loads only there: loading it in this Node answers (one built for Electron fails,
// naming the NODE_MODULE_VERSION it was built for). Used by `npm run dist` so that a
// module Electron cannot load is never shipped.
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const require = createRequire(import.meta.url);

export const electronAbi = () =>
  readFileSync(
    join(dirname(require.resolve('electron/package.json')), 'abi_version'),
    'utf8',
  ).trim();
/** The binding better-sqlite3 loads: built from source, or its prebuilt one. */
export function sqliteBinding(): string {
  const root = dirname(require.resolve('better-sqlite3/package.json'));
  const built = join(root, 'build', 'Release', 'better_sqlite3.node');
  return existsSync(built)
    ? built
    : join(root, 'prebuilds', `${process.platform}-${process.arch}.node`);
}

/** Whether a native module is a Node-API one (it registers through napi_register_module). */
export const isNodeApi = (binding: string) =>
  readFileSync(binding).includes('napi_register_module_v1');

export function checkElectronAbi(
  binding: string,
  expected: string,
): { ok: boolean; reason: string } {
  if (isNodeApi(binding))
    return {
      ok: true,
      reason: `${binding} is a Node-API module: Electron (ABI ${expected}) loads it`,
    };
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

// npm run desktop:native — builds the SQLite native module for Electron's ABI into
// native/electron/, for running the desktop app from a development checkout. The copy in
// node_modules stays built for Node, so the CLI, the daemon and the tests keep working.
// Needs internet (Electron's headers). Packaged apps get theirs from electron-builder.
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

const require = createRequire(import.meta.url);
const electronVersion = JSON.parse(
  readFileSync(require.resolve('electron/package.json'), 'utf8'),
).version;
const source = dirname(require.resolve('better-sqlite3/package.json'));
const work = mkdtempSync(join(tmpdir(), 'tillsync-electron-native-'));
try {
  console.log(
    `Building better-sqlite3 for Electron ${electronVersion} (${process.arch}); this downloads Electron's headers...`,
  );
  cpSync(source, work, { recursive: true, filter: (path) => !path.includes(`${source}/build`) });
  execFileSync(
    'npx',
    [
      '--yes',
      'node-gyp',
      'rebuild',
      '--release',
      `--target=${electronVersion}`,
      `--arch=${process.arch}`,
      '--dist-url=https://electronjs.org/headers',
    ],
    { cwd: work, stdio: 'inherit' },
  );
  mkdirSync('native/electron', { recursive: true });
  cpSync(
    join(work, 'build', 'Release', 'better_sqlite3.node'),
    'native/electron/better_sqlite3.node',
  );
  console.log(
    'Done: native/electron/better_sqlite3.node. `npm start` can now open the desktop app.',
  );
} finally {
  rmSync(work, { recursive: true, force: true });
}

// Whether the build in dist/ is up to date with the sources, so `npm start` builds only
// when something changed (npm install has just built it).
//   node scripts/build-stamp.mjs write   after a build: remember the sources' state
//   node scripts/build-stamp.mjs check   exit 0 when dist/ is current, 1 when it must build
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const STAMP = 'dist/.build-stamp';
const SOURCES = [
  'domain',
  'main',
  'db',
  'sandbox',
  'renderer',
  'assets',
  'package.json',
  'package-lock.json',
];
const SKIP = new Set(['node_modules', 'dist']);

/** The newest modification time under the sources, in ms. */
function newest(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path)
    .filter((name) => !SKIP.has(name))
    .reduce((latest, name) => Math.max(latest, newest(join(path, name))), stat.mtimeMs);
}

const sources = Math.max(...SOURCES.map(newest));
if (process.argv[2] === 'write') {
  writeFileSync(STAMP, String(sources));
} else {
  const built = existsSync(STAMP) ? Number(readFileSync(STAMP, 'utf8')) : -1;
  if (built >= sources) {
    console.log('The build in dist/ is up to date.');
    process.exit(0);
  }
  process.exit(1);
}

// Before any test file: the build in dist/ and renderer/dist must say what the sources say.
// The command-line and process tests run the built command (as `npm start` and an installed
// till do), and the browser tests load the built UI; building it here, once, replaces a
// build in each test file (two at once into one folder raced) and a compile by tsx in each
// child process. `npm install` has built it already; this builds only after an edit.
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));

export default function buildWhenStale(): void {
  try {
    execFileSync(process.execPath, ['scripts/build-stamp.mjs', 'check'], {
      cwd: repoRoot,
      stdio: 'ignore',
    });
  } catch {
    console.log('The sources changed since the last build: building (npm run build) first.');
    execFileSync('npm', ['run', 'build', '--silent'], { cwd: repoRoot, stdio: 'inherit' });
  }
}

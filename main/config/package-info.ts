// The app's own package.json, found by walking up from this file, so the same code works
// from the sources (main/config) and from the build (dist/main/config).
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

interface PackageJson {
  name: string;
  version: string;
}

function findPackageRoot(start: string): string {
  for (let dir = start; ; dir = dirname(dir)) {
    const candidate = join(dir, 'package.json');
    if (existsSync(candidate)) {
      const json = JSON.parse(readFileSync(candidate, 'utf8')) as PackageJson;
      if (json.name === 'tillsync') return dir;
    }
    if (dirname(dir) === dir) throw new Error('Cannot find the tillsync package.json');
  }
}

export const packageRoot = findPackageRoot(dirname(fileURLToPath(import.meta.url)));
const packageJson = JSON.parse(
  readFileSync(join(packageRoot, 'package.json'), 'utf8'),
) as PackageJson;

export const appVersion = packageJson.version;

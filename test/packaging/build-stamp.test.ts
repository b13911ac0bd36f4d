// `npm start` builds only when a source changed since the last build (npm install builds).
import { spawnSync } from 'node:child_process';
import { mkdirSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../helpers/cli.js';
import { tempDir } from '../helpers/temp-dir.js';

const stamp = (cwd: string, mode: 'write' | 'check') =>
  spawnSync(process.execPath, [join(repoRoot, 'scripts', 'build-stamp.mjs'), mode], { cwd }).status;

describe('the build stamp', () => {
  it('says dist/ is current after a build, and stale once a source changes', () => {
    const project = tempDir();
    mkdirSync(join(project, 'main'));
    mkdirSync(join(project, 'dist'));
    const source = join(project, 'main', 'agent.ts');
    writeFileSync(source, 'export {};');
    writeFileSync(join(project, 'package.json'), '{}');
    expect(stamp(project, 'check')).toBe(1); // never built
    expect(stamp(project, 'write')).toBe(0);
    expect(stamp(project, 'check')).toBe(0);
    const later = new Date(Date.now() + 5000);
    utimesSync(source, later, later);
    expect(stamp(project, 'check')).toBe(1);
  });
});

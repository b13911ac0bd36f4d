// The repository stands alone: every document its code and docs cite is in it.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from './helpers/cli.js';

const tracked = execFileSync('git', ['ls-files'], { cwd: repoRoot, encoding: 'utf8' })
  .split('\n')
  .filter((file) => /\.(ts|tsx|js|mjs|md|yml|json)$/.test(file) && file !== 'package-lock.json');

describe('the repository', () => {
  it('cites only the documents it holds', () => {
    const outside: string[] = [];
    const missing: string[] = [];
    for (const file of tracked) {
      if (!existsSync(join(repoRoot, file))) continue;
      const text = readFileSync(join(repoRoot, file), 'utf8');
      if (/\.\.\/shared\/|\bshared\/(architecture|platform-api|counter|environment)\.md/.test(text))
        outside.push(file);
      for (const [, cited] of text.matchAll(/\b(docs\/[\w-]+\.md)\b/g))
        if (!existsSync(join(repoRoot, cited!))) missing.push(`${file}: ${cited}`);
    }
    expect(outside, 'files citing documents outside the repository').toEqual([]);
    expect(missing, 'docs/ files cited but absent').toEqual([]);
    expect(tracked).toContain('docs/architecture.md');
  });
});

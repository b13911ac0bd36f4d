#!/usr/bin/env node
// The installed `tillsync` command runs the compiled agent (npm install builds it).
import { existsSync } from 'node:fs';

const entry = new URL('../dist/main/cli/bin.js', import.meta.url);
if (!existsSync(entry)) {
  process.stderr.write(
    'Tillsync is not built yet: run `npm install` (or `npm run build`) first.\n',
  );
  process.exit(1);
}
await import(entry.href);

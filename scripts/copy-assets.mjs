// Copies what the compiled agent reads at run time next to it in dist/:
// the checked-in migrations.
import { cpSync, rmSync } from 'node:fs';

rmSync('dist/db/migrations', { recursive: true, force: true });
cpSync('db/migrations', 'dist/db/migrations', { recursive: true });

// Copies what the compiled agent reads at run time next to it in dist/:
// the checked-in migrations of the till's and the sandbox's databases.
import { cpSync, rmSync } from 'node:fs';

for (const folder of ['db/migrations', 'sandbox/db/migrations']) {
  rmSync(`dist/${folder}`, { recursive: true, force: true });
  cpSync(folder, `dist/${folder}`, { recursive: true });
}

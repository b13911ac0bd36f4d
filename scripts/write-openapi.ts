// Writes the sandbox's OpenAPI document, as it serves it, to a file (for `redocly lint`
// in CI and for integrators who want it without running the sandbox).
import { writeFileSync } from 'node:fs';
import { startSandbox } from '../sandbox/index.js';

const out = process.argv[2] ?? 'openapi.json';
const sandbox = await startSandbox();
try {
  const document = await (await fetch(`${sandbox.url}/openapi.json`)).json();
  writeFileSync(out, JSON.stringify(document, null, 2) + '\n');
  console.log(`Wrote ${out}`);
} finally {
  await sandbox.close();
}

// Where tests put what a person may want to look at afterwards (screenshots, PDFs):
// outside the repository, in the system's temp folder, or where TILLSYNC_TEST_ARTIFACTS
// says (CI can keep that folder).
import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export function artifactsFolder(name: string): string {
  const folder = join(
    process.env.TILLSYNC_TEST_ARTIFACTS ?? join(tmpdir(), 'tillsync-test-artifacts'),
    name,
  );
  mkdirSync(folder, { recursive: true });
  return folder;
}

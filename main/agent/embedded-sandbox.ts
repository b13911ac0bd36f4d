// Sandbox mode: with no platform configured, the till syncs to the sandbox on this machine.
// Its data lives apart, in <data>/sandbox/ (main/config/till-store.ts says where), so demo
// sales never mix with real ones and a sale "synced" to the emulator can never be mistaken
// for one the platform has.
import { startSandbox, type Sandbox } from '../../sandbox/index.js';
import { openStore } from '../../db/store.js';
import type { AgentConfig } from '../config/agent-config.js';
import { sandboxDatabaseFile, storeOfMode } from '../config/till-store.js';

export interface EmbeddedSandbox {
  sandbox: Sandbox;
  /** The till's configuration in sandbox mode: the sandbox's address, its key and shop. */
  config: AgentConfig;
}

export async function startEmbeddedSandbox(
  dataDir: string,
  base: AgentConfig,
  /** TILLSYNC_SANDBOX_FAULTS and TILLSYNC_SANDBOX_ADMIN_TOKEN, as for `tillsync sandbox`. */
  env: NodeJS.ProcessEnv = {},
): Promise<EmbeddedSandbox> {
  const sandbox = await startSandbox({
    dbFile: sandboxDatabaseFile(dataDir),
    faults: env.TILLSYNC_SANDBOX_FAULTS || undefined,
    adminToken: env.TILLSYNC_SANDBOX_ADMIN_TOKEN || undefined,
  });
  const catalog = sandbox.catalog();
  const store = openStore(storeOfMode(dataDir, 'sandbox').databaseFile);
  try {
    const settings = store.settings.update({ currency: catalog.currency, shopId: catalog.shopId });
    if (!settings.ok) throw new Error(settings.error.message);
    const imported = store.importCatalog(catalog);
    if (!imported.ok) throw new Error(imported.error.message);
  } finally {
    store.close();
  }
  const apiKey = await sandbox.mintKey({
    scope: 'sales:write sales:read',
    subject: 'till_embedded',
  });
  return {
    sandbox,
    config: { ...base, baseUrl: sandbox.url, apiKey, shopId: catalog.shopId },
  };
}

/**
 * What a person needs to drive the embedded sandbox in a demo: its address, docs, admin
 * endpoint and token, and the command that changes its faults. For the terminal only (the
 * token never goes into the logs).
 */
export function embeddedSandboxText(sandbox: Sandbox): string {
  return [
    `Sandbox on this machine: ${sandbox.url} (API docs ${sandbox.docsUrl})`,
    `  admin  ${sandbox.adminUrl}/admin/faults, token ${sandbox.adminToken}`,
    '  faults npx tillsync sandbox faults "fail5xx=0.2"   (or "outage=refuse,outageFor=30s", "off")',
    '',
  ].join('\n');
}

// The running agent: the sync engine on the till's database, against the configured
// platform, or against the embedded sandbox when asked. Used by the daemon, `start`, and
// the desktop app.
import { databaseFile } from '../config/data-dir.js';
import type { AgentConfig } from '../config/agent-config.js';
import type { Logger } from '../log/log-port.js';
import { createSyncEngine, type SyncEngine } from '../sync/engine.js';
import type { SyncStatus } from '../sync/status.js';
import { startEmbeddedSandbox, type EmbeddedSandbox } from './embedded-sandbox.js';

export interface AgentOptions {
  dataDir: string;
  config: AgentConfig;
  /** Use the sandbox on this machine instead of a platform. */
  sandbox: boolean;
  /** The environment the embedded sandbox reads its faults and admin token from. */
  env?: NodeJS.ProcessEnv;
  logger?: Logger;
}

export interface RunningAgent {
  mode: 'platform' | 'sandbox';
  dataDir: string;
  databaseFile: string;
  engine: SyncEngine;
  embedded?: EmbeddedSandbox;
  stop(): Promise<SyncStatus | undefined>;
}

export const isConfigured = (config: AgentConfig) => Boolean(config.baseUrl && config.apiKey);

export async function runAgent(options: AgentOptions): Promise<RunningAgent> {
  const embedded = options.sandbox
    ? await startEmbeddedSandbox(options.dataDir, options.config, options.env)
    : undefined;
  const dataDir = embedded?.dataDir ?? options.dataDir;
  const file = databaseFile(dataDir);
  const engine = createSyncEngine({
    file,
    config: embedded?.config ?? options.config,
    mode: embedded ? 'sandbox' : 'platform',
    logger: options.logger,
  });
  engine.start();
  return {
    mode: embedded ? 'sandbox' : 'platform',
    dataDir,
    databaseFile: file,
    engine,
    embedded,
    async stop() {
      const final = await engine.stop();
      await embedded?.sandbox.close();
      return final;
    },
  };
}

// The running agent: the sync engine on the till's store, against the configured
// platform, or against the embedded sandbox in sandbox mode. Used by the daemon, `start`,
// and the desktop app.
import type { AgentConfig } from '../config/agent-config.js';
import type { TillMode, TillStore } from '../config/till-store.js';
import type { Logger } from '../log/log-port.js';
import { createSyncEngine, type SyncEngine } from '../sync/engine.js';
import type { SyncStatus } from '../sync/status.js';
import { startEmbeddedSandbox, type EmbeddedSandbox } from './embedded-sandbox.js';

export interface AgentOptions {
  dataDir: string;
  config: AgentConfig;
  /** The till's mode and store (tillStore): in sandbox mode the embedded sandbox runs too. */
  till: TillStore;
  /** The environment the embedded sandbox reads its faults and admin token from. */
  env?: NodeJS.ProcessEnv;
  logger?: Logger;
}

export interface RunningAgent {
  mode: TillMode;
  /** Where this mode keeps its till data: the data folder, or its sandbox folder. */
  dataDir: string;
  databaseFile: string;
  engine: SyncEngine;
  embedded?: EmbeddedSandbox;
  stop(): Promise<SyncStatus | undefined>;
}

export async function runAgent(options: AgentOptions): Promise<RunningAgent> {
  const { till } = options;
  const embedded =
    till.mode === 'sandbox'
      ? await startEmbeddedSandbox(options.dataDir, options.config, options.env)
      : undefined;
  const engine = createSyncEngine({
    file: till.databaseFile,
    config: embedded?.config ?? options.config,
    mode: till.mode,
    logger: options.logger,
  });
  engine.start();
  return {
    mode: till.mode,
    dataDir: till.folder,
    databaseFile: till.databaseFile,
    engine,
    embedded,
    async stop() {
      const final = await engine.stop();
      await embedded?.sandbox.close();
      return final;
    },
  };
}

// The agent as the app and the console run it: the engine (or the embedded sandbox when no
// platform is configured) plus the store the UI reads and writes, rebuilt when the
// platform settings or the key change. Events from whichever engine is current are passed
// on, so the UI never has to know that it was rebuilt.
import { setBusyTimeout } from '../../db/open.js';
import { localeOfEnvironment } from '../../domain/locale.js';
import { openStore, type Store } from '../../db/store.js';
import { createSyncState } from '../../db/sync-state.js';
import {
  loadAgentConfig,
  lockedSettings,
  type AgentConfig,
  type ConfigSources,
} from '../config/agent-config.js';
import { systemClock, systemTimers, type Clock, type Timers } from '../sync/clock.js';
import type { Logger } from '../log/log-port.js';
import { runAgent, type RunningAgent } from './run-agent.js';
import { tillStore, type SandboxChoice } from '../config/till-store.js';
import type { Sandbox } from '../../sandbox/index.js';
import { startDailyArchive } from '../housekeeping/daily-archive.js';
import { startDailyBackups } from '../housekeeping/daily-backups.js';
import { createUiEvents } from './ui-events.js';
import { startWeeklyIntegrityCheck } from '../housekeeping/weekly-check.js';
import { housekeepingTime } from '../housekeeping/housekeeping-clock.js';
import { markRunning } from './running.js';
import { RefusedError } from './refused-error.js';
import type { SecretStore } from '../config/secret-store.js';
import { runtimeMetricSources } from './metric-sources.js';
import { startMetrics, type RunningMetrics } from '../metrics/start-metrics.js';
import { describeKeyCheck, type KeyProbe } from '../doctor/platform-check.js';
import { createPrinting, type Printing } from '../printing/printing.js';

export interface RuntimeOptions {
  dataDir: string;
  env?: NodeJS.ProcessEnv;
  flags?: ConfigSources['flags'];
  secrets: SecretStore;
  /**
   * When to sync to the embedded sandbox instead of a platform: never (the daemon), while
   * no platform is configured (the app and `start`), or always (`daemon --sandbox`).
   */
  sandbox: SandboxChoice;
  /** Each time an embedded sandbox starts (at start, and after Settings switch back to it). */
  onSandboxStarted?: (sandbox: Sandbox) => void;
  /** What this process is, for `tillsync restore`'s "is Tillsync running?" check. */
  kind: 'daemon' | 'app' | 'console';
  logger?: Logger;
  /** For the UI events' coalescing; the system's unless a test steps them. */
  clock?: Clock;
  timers?: Timers;
  /** How long the receipt printer may take to connect, answer or read more (tests shorten it). */
  printerTimeoutMs?: number;
  /** A soak run's day for the backups, archive and integrity check (housekeeping-clock.ts). */
  housekeepingDayMs?: number;
}

export async function createRuntime(options: RuntimeOptions) {
  let agent: RunningAgent;
  let store: Store;
  let config: AgentConfig;
  let stopHousekeeping = async () => {};
  const unmarkRunning = markRunning(options.dataDir, options.kind);
  const clock = options.clock ?? systemClock;
  const timers = options.timers ?? systemTimers;
  const housekeeping = housekeepingTime(clock, timers, options.housekeepingDayMs);
  const ui = createUiEvents({
    clock,
    timers,
    readStatus: () => agent.engine.status(),
    readSales: (ids) => store.summariesOf(ids),
    readPrinter: () => printing.view(),
    onError: (error) =>
      options.logger?.warn({ error: error.message }, 'Reading what changed for the UI failed'),
  });
  const { events } = ui;

  // The mode and store every process on this data folder finds (main/config/till-store.ts).
  const tillOf = (next: AgentConfig) => tillStore(options.dataDir, next, options.sandbox);

  async function loadConfig(): Promise<AgentConfig> {
    const storedKey = await options.secrets.read();
    const loaded = loadAgentConfig({
      dataDir: options.dataDir,
      env: options.env,
      flags: options.flags,
      storedKey,
    });
    if (!loaded.ok) throw new RefusedError(loaded.error);
    return loaded.value;
  }

  async function start(next: AgentConfig): Promise<void> {
    config = next;
    agent = await runAgent({
      dataDir: options.dataDir,
      config: next,
      till: tillOf(next),
      env: options.env,
      logger: options.logger,
    });
    if (agent.embedded) options.onSandboxStarted?.(agent.embedded.sandbox);
    store = openStore(agent.databaseFile);
    agent.engine.events.on('status', ui.statusChanged);
    agent.engine.events.on('sale', ({ saleId }) => ui.saleChanged(saleId));
    agent.engine.events.on('attempt', (attempt) => metrics?.attempt(attempt));
    agent.engine.events.on('queueWait', (ms) => metrics?.queueWait(ms));
    agent.engine.events.on('pass', (summary) => metrics?.pass(summary));
    const { dataDir, databaseFile } = agent;
    const stopDailyBackups = startDailyBackups({
      dataDir,
      databaseFile,
      keep: () => store.settings.read().backupsKept,
      logger: options.logger,
      now: housekeeping.clock.now,
      // The hourly look for a day-old backup, an hour of the housekeeping's time.
      checkEveryMs: 3_600_000 / housekeeping.speed,
    });
    const stopWeeklyCheck = startWeeklyIntegrityCheck({
      databaseFile,
      syncState: createSyncState(store.database),
      clock: housekeeping.clock,
      timers: housekeeping.timers,
      logger: options.logger,
      onResult: ui.statusChanged,
    });
    const stopDailyArchive = startDailyArchive({
      databaseFile,
      keepMonths: () => store.settings.read().archiveAfterMonths,
      clock: housekeeping.clock,
      timers: housekeeping.timers,
      logger: options.logger,
    });
    stopHousekeeping = async () => {
      await stopDailyArchive();
      await stopWeeklyCheck();
      await stopDailyBackups();
    };
  }

  /** Stops the engine and closes the store; returns the status as it was left. */
  async function stop() {
    // Stopping must not wait out a lock another process holds: writes left give up fast.
    setBusyTimeout(store.database, 50);
    await stopHousekeeping();
    const final = await agent.stop();
    store.close();
    return final;
  }

  const first = await loadConfig();
  await start(first);
  // The receipt printer's queue: on the current store, whichever the platform settings opened.
  const printing: Printing = createPrinting({
    store: () => store,
    env: options.env,
    dataDir: options.dataDir,
    clock,
    timers,
    logger: options.logger,
    onChange: ui.printerChanged,
    link: options.printerTimeoutMs ? { timeoutMs: options.printerTimeoutMs } : undefined,
  });

  // Monitoring, when the settings ask for it: restarted only when its own settings change.
  let metrics: RunningMetrics | undefined;
  let metricsSettings = '';
  const metricSources = runtimeMetricSources(
    () => ({ agent, store, config }),
    options.dataDir,
    clock,
    options.logger,
  );
  async function followMetricsSettings(next: AgentConfig): Promise<void> {
    const wanted = JSON.stringify(next.metrics ?? {});
    if (wanted === metricsSettings) return;
    await metrics?.stop();
    metricsSettings = wanted;
    metrics = next.metrics
      ? await startMetrics({
          settings: next.metrics,
          sources: metricSources,
          timers,
          logger: options.logger,
        })
      : undefined;
  }
  await followMetricsSettings(first);

  /**
   * Asks the platform now whether it takes the key: the engine records the answer like any
   * other, so a refused key pauses the queue and the banner says so at once. Null on the
   * sandbox, or while no platform is set.
   */
  async function checkKey(): Promise<KeyProbe | null> {
    if (agent.mode !== 'platform') return null;
    const { baseUrl, sync } = config;
    const checked = await agent.engine.checkKey();
    return checked && baseUrl ? describeKeyCheck(baseUrl, checked, sync.requestTimeoutMs) : null;
  }

  // An embedded sandbox stands in for the platform: its address, key and shop win.
  const asRun = (next: AgentConfig): AgentConfig => {
    const embedded = agent.embedded?.config;
    return embedded
      ? { ...next, baseUrl: embedded.baseUrl, apiKey: embedded.apiKey, shopId: embedded.shopId }
      : next;
  };

  return {
    events,
    /** Tells the UI (coalesced) that a sale changed. */
    saleChanged: ui.saleChanged,
    /**
     * Tells the UI (coalesced) that the shift changed: the status every screen shows names
     * it. A drawer entry or a return may have written a print job: the queue looks.
     */
    shiftChanged(): void {
      ui.statusChanged();
      printing.jobAdded();
    },
    /** The sync status now (the one fact every screen and command shows). */
    status: () => agent.engine.status(),
    /** A person recorded a sale or queued one again: send it soon, and tell the UI. */
    saleQueued(saleId: string): void {
      agent.engine.notifySaleRecorded();
      ui.saleChanged(saleId);
      printing.jobAdded();
    },
    /** The receipt printer and its queue. */
    printing,
    /** Sends every waiting sale now; resolves with what the pass did. */
    resync: () => agent.engine.resync(),
    get agent() {
      return agent;
    },
    get store() {
      return store;
    },
    get config() {
      return config;
    },
    /** The Prometheus endpoint's address, when metrics are served. */
    get metricsUrl() {
      return metrics?.url;
    },
    secrets: options.secrets,
    dataDir: options.dataDir,
    locked: () =>
      lockedSettings({ env: options.env, flags: options.flags, dataDir: options.dataDir }),
    /** The locale this process's environment asks for (LC_ALL, LC_NUMERIC, LANG), if any. */
    systemLocale: () => localeOfEnvironment(options.env ?? process.env),
    /** Reads the settings again; changes the engine in place, or rebuilds it for a new mode. */
    async reload(): Promise<void> {
      const next = await loadConfig();
      const before = config;
      if (tillOf(next).mode === agent.mode) {
        // In sandbox mode the engine keeps talking to the sandbox, with the new sync settings.
        agent.engine.updateConfig(asRun(next));
        config = next;
      } else {
        await stop();
        await start(next);
      }
      await followMetricsSettings(next);
      ui.statusChanged();
      // A key saved before any address, or an address for a key saved earlier, is checked
      // as soon as both are there, not at the next sale.
      if (next.baseUrl !== before.baseUrl || next.apiKey !== before.apiKey)
        void checkKey().catch((error: Error) =>
          options.logger?.warn({ error: error.message }, 'Checking the key failed'),
        );
    },
    checkKey,
    /** Stops for good (a reload restarts the agent; the process runs on). */
    async close() {
      ui.dispose();
      await printing.stop();
      // The last figures are pushed while the engine still answers for them.
      await metrics?.stop();
      const final = await stop();
      unmarkRunning();
      return final;
    },
  };
}

export type Runtime = Awaited<ReturnType<typeof createRuntime>>;

// An engine with its metrics on as a till runs them: the Prometheus endpoint on loopback,
// the engine's sends counted, and a scrape every second (Prometheus at its fastest).
import { randomUUID } from 'node:crypto';
import { appVersion } from '../main/config/package-info.js';
import { startMetrics } from '../main/metrics/start-metrics.js';
import { systemTimers } from '../main/sync/clock.js';
import type { SyncEngine } from '../main/sync/engine.js';

export async function metricsOn(engine: SyncEngine, dataDir: string, databaseFile: string) {
  const metrics = await startMetrics({
    settings: { listen: '127.0.0.1:0', pushIntervalSeconds: 60 },
    sources: {
      status: () => engine.status(),
      identity: () => ({ tillName: 'Bench till', shopId: null }),
      tillId: randomUUID(),
      dataDir,
      databaseFile: () => databaseFile,
      lastBackupAt: () => null,
      version: appVersion,
      now: Date.now,
    },
    timers: systemTimers,
  });
  if (!metrics?.url) throw new Error('the metrics endpoint did not start');
  engine.events.on('attempt', metrics.attempt);
  engine.events.on('queueWait', metrics.queueWait);
  const url = metrics.url;
  const scraper = setInterval(() => void fetch(url).then((response) => response.text()), 1000);
  return {
    async stop() {
      clearInterval(scraper);
      await metrics.stop();
    },
  };
}

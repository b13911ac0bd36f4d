import { join } from 'node:path';
import { afterEach } from 'vitest';
import { openStore, type Store } from '../../db/store.js';
import {
  syncTuningSchema,
  type AgentConfig,
  type SyncTuning,
} from '../../main/config/agent-config.js';
import { createSyncEngine, type SyncEngine } from '../../main/sync/engine.js';
import type { EngineOptions } from '../../main/sync/engine-options.js';
import type { NewSaleInput } from '../../domain/new-sale.js';
import { checked, validSale } from '../helpers/sales.js';
import { tempDir } from '../helpers/temp-dir.js';

/** Timings short enough for tests; everything else as in production. */
export const fastTuning = (overrides: Partial<SyncTuning> = {}): SyncTuning =>
  syncTuningSchema.parse({
    backoffBaseMs: 10,
    backoffCapMs: 100,
    requestTimeoutMs: 1000,
    inlineRetryMaxMs: 200,
    pollIntervalMs: 50,
    debounceMs: 0,
    probeIntervalMs: 50,
    leaseTtlMs: 2000,
    shutdownGraceMs: 500,
    ...overrides,
  });

const engines: SyncEngine[] = [];
const stores: Store[] = [];
afterEach(async () => {
  await Promise.all(engines.splice(0).map((engine) => engine.stop()));
  for (const store of stores.splice(0)) store.close();
});

/** A till database in a temp folder, with a helper to start engines on it. */
export function till(file = join(tempDir(), 'tillsync.db')) {
  const store = openStore(file);
  stores.push(store);
  return {
    store,
    file,
    engine(
      config: Omit<AgentConfig, 'sync'> & { sync?: Partial<SyncTuning> },
      options: Partial<EngineOptions> = {},
    ) {
      const engine = createSyncEngine({
        file,
        config: { ...config, sync: fastTuning(config.sync) },
        ...options,
      });
      engines.push(engine);
      return engine;
    },
    record(count = 1, overrides: Partial<NewSaleInput> = {}): string[] {
      return Array.from({ length: count }, () => {
        const result = store.recordSale(checked(validSale(overrides)));
        if (!result.ok) throw new Error(result.error.message);
        return result.value.saleId;
      });
    },
    attempts(saleId: string) {
      return store.database.sqlite
        .prepare(
          'select outcome, http_status as httpStatus, error_code as errorCode, idempotency_key as key, reason from sync_attempts where sale_id = ? order by id',
        )
        .all(saleId) as Array<{
        outcome: string;
        httpStatus: number | null;
        errorCode: string | null;
        key: string;
        reason: string | null;
      }>;
    },
  };
}

export async function waitUntil(
  check: () => boolean | Promise<boolean>,
  timeoutMs = 10_000,
  what: string | (() => string) = 'condition',
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline)
      throw new Error(`timed out waiting for ${typeof what === 'string' ? what : what()}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

// One till of a simulated chain: its own SQLite file (a copy of a migrated template), its
// own store recording sales, the real sync engine on its own wall clock (off by a few
// seconds or minutes, drifting), and the shop's API key. Sales come at the till's own pace,
// all day, outage or not.
import { copyFileSync } from 'node:fs';
import { join } from 'node:path';
import { openStore, type Store } from '../../../db/store.js';
import { syncTuningSchema, type AgentConfig } from '../../../main/config/agent-config.js';
import type { Clock } from '../../../main/sync/clock.js';
import { createSyncEngine, type SyncEngine } from '../../../main/sync/engine.js';
import { checked } from '../../helpers/sales.js';
import { EPOCH, seededRandom, type SimProcess, type World } from '../world.js';
import type { FleetPlatform } from './fleet-platform.js';

export interface FleetTill {
  index: number;
  process: SimProcess;
  clock: Clock;
  /** What its wall clock read at virtual time `at`. */
  wallAt(at: number): number;
  store: Store;
  engine: SyncEngine;
  config: AgentConfig;
  /** Customer ids of every sale recorded, and when (virtual ms). */
  recorded: { customer: string; at: number }[];
  /** Gives the till a new key (a person saved it): the engine takes it as on a reload. */
  rekey(apiKey: string): void;
  /** The engine starts, and sales start coming. */
  start(): void;
  /** Sales stop coming (closing time). */
  close(): void;
}

export interface FleetTillOptions {
  index: number;
  dir: string;
  template: string;
  apiKey: string;
  platform: FleetPlatform;
  /** Mean seconds between two sales on this till. */
  saleEverySeconds: number;
  /** Wall clock offset (ms) and drift (parts per million). */
  offsetMs: number;
  driftPpm: number;
  seed: number;
  /** How often it asks whether the platform is back (default: the till's own). */
  probeIntervalMs?: number;
}

export function createFleetTill(world: World, options: FleetTillOptions): FleetTill {
  const { index, platform } = options;
  const random = seededRandom(options.seed);
  const file = join(options.dir, `till-${index}.db`);
  copyFileSync(options.template, file);
  const store = openStore(file);
  const process = world.addProcess(options.offsetMs);
  // The till's wall clock: off by its offset, and running fast or slow by its drift.
  const wallAt = (at: number) =>
    EPOCH + options.offsetMs + Math.round(at * (1 + options.driftPpm / 1e6));
  const clock: Clock = { now: () => wallAt(world.time), monotonic: () => world.time };
  let config: AgentConfig = {
    baseUrl: 'https://platform.sim',
    apiKey: options.apiKey,
    sync: syncTuningSchema.parse(
      options.probeIntervalMs ? { probeIntervalMs: options.probeIntervalMs } : {},
    ),
  };
  const engine = createSyncEngine({
    file,
    config,
    clock,
    timers: process.timers,
    random,
    owner: `till#${index}`,
    liveness: () => 'alive',
    clientFor: (next) => platform.client(process, index, next.apiKey ?? options.apiKey),
  });
  const recorded: FleetTill['recorded'] = [];
  let open = true;

  function nextSale(): void {
    // Exponential gaps: a till's sales come at random, at its mean pace.
    const gap = -Math.log(1 - random()) * options.saleEverySeconds * 1000;
    process.timers.after(gap, () => {
      if (!open) return;
      const number = recorded.length + 1;
      const customer = `cus_${index}_${number}`;
      const sale = {
        items: [
          { productId: `prod_${number % 7}`, quantity: 1 + (number % 3), unitPriceMinor: 250 },
        ],
        paymentMethod: number % 2 ? 'CASH' : 'MOBILE_MONEY',
        customerId: customer,
      };
      store.recordSale(checked(sale), { now: clock.now() });
      recorded.push({ customer, at: world.time });
      engine.notifySaleRecorded();
      nextSale();
    });
  }

  return {
    index,
    process,
    clock,
    wallAt,
    store,
    engine,
    get config() {
      return config;
    },
    recorded,
    rekey(apiKey: string): void {
      config = { ...config, apiKey };
      world.schedule(world.time, process.pid, () => engine.updateConfig(config));
    },
    close(): void {
      open = false;
    },
    start(): void {
      engine.start();
      nextSale();
    },
  };
}

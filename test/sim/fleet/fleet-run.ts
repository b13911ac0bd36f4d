// A chain's trading day in the deterministic world: N tills (the real sync engine each, on
// its own SQLite file and wall clock) sell all day against one platform that limits each
// shop's key and itself as a whole; twenty minutes into the day the platform goes down for
// an hour, every till queues its sales, and the outage ends for all of them at once. The figures say
// how politely and how fast the chain drains (fleet-figures.ts); the checks, whether every
// till kept its policy and every sale arrived once (fleet-checks.ts).
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openStore } from '../../../db/store.js';
import { seededRandom, World } from '../world.js';
import { createFleetChecks, deliveryFigures } from './fleet-checks.js';
import { faultsNamed, type FaultName } from './fleet-faults.js';
import { fleetFigures, timeline, type FleetFigures } from './fleet-figures.js';
import { createFleetPlatform, type Bucket } from './fleet-platform.js';
import { createFleetTill, type FleetTill } from './fleet-till.js';

export interface FleetRunOptions {
  tills: number;
  seed: number;
  faults: FaultName;
  /** How the chain shares the platform (default: a shop's day, CHAIN_DAY). */
  layout?: FleetLayout;
  /** Seconds per slot of the timeline (default 10). */
  timelineStep?: number;
}

/** Who shares a key, what each bucket allows, and how often a till sells. */
export interface FleetLayout {
  tillsPerKey: number;
  perKey: Bucket;
  /** The platform's own limit for N tills (null: none). */
  global: ((tills: number) => Bucket) | null;
  /** A till sells every `least` to `most` seconds on average (drawn per till). */
  saleEverySeconds: { least: number; most: number };
  /** How often a till asks whether the platform is back (default: the till's own, 5 s). */
  probeIntervalMs?: number;
}

const between = ({ least, most }: { least: number; most: number }, draw: number) =>
  least + draw * (most - least);

export interface FleetResult extends FleetFigures {
  violations: string[];
  /** Requests/429s per 10 s from the lift (not part of the figures' line). */
  timeline: string;
}

/** The day before the outage, the outage, and the longest the chain may take after it. */
const OPEN_MS = 20 * 60_000;
const OUTAGE_MS = 60 * 60_000;
const DRAIN_LIMIT_MS = 2 * 3_600_000;
/** Sales keep coming this long after the chain drained (then the shops close). */
const TRADING_AFTER_MS = 60_000;
const STATUS_EVERY_MS = 30_000;
/**
 * A chain's day: five tills to a shop share its key (20 requests of burst, 2 per second);
 * the platform as a whole allows a fifth of a request per second per till, 2 s of burst;
 * a till sells every 45 to 90 s.
 */
export const CHAIN_DAY: FleetLayout = {
  tillsPerKey: 5,
  perKey: { capacity: 20, refillPerSecond: 2 },
  global: (tills) => {
    const refillPerSecond = Math.max(1, Math.round(tills / 5));
    return { capacity: refillPerSecond * 2, refillPerSecond };
  },
  saleEverySeconds: { least: 45, most: 90 },
};
/** Where the tills keep their files: memory (tmpfs) where there is one. */
const SCRATCH = existsSync('/dev/shm') ? '/dev/shm' : tmpdir();

export async function runFleet(options: FleetRunOptions): Promise<FleetResult> {
  const random = seededRandom(options.seed);
  const world = new World();
  const faults = faultsNamed(options.faults);
  const dir = mkdtempSync(join(SCRATCH, 'tillsync-fleet-'));
  const template = join(dir, 'template.db');
  openStore(template).close(); // migrated once, copied for each till
  const layout = options.layout ?? CHAIN_DAY;
  const { tillsPerKey, perKey } = layout;
  const global = layout.global?.(options.tills) ?? null;
  const platform = createFleetPlatform(world, seededRandom(options.seed ^ 0x2545f491), {
    perKey,
    global,
    faults,
  });
  const keyOf = (shop: number) => `key-shop-${shop}`;
  const tills: FleetTill[] = [];
  for (let index = 0; index < options.tills; index += 1) {
    tills.push(
      createFleetTill(world, {
        index,
        dir,
        template,
        apiKey: keyOf(Math.floor(index / tillsPerKey)),
        platform,
        saleEverySeconds: between(layout.saleEverySeconds, random()),
        probeIntervalMs: layout.probeIntervalMs,
        offsetMs: Math.round((random() * 2 - 1) * 120_000),
        driftPpm: (random() * 2 - 1) * 100,
        seed: Math.floor(random() * 2 ** 31),
      }),
    );
    world.schedule(Math.floor(random() * 120_000), null, () => tills[index]!.start());
  }
  const keys = Math.ceil(options.tills / tillsPerKey);
  const keysRate = keys * perKey.refillPerSecond;
  const allowedRate = global ? Math.min(global.refillPerSecond, keysRate) : keysRate;
  const checks = createFleetChecks(tills);
  const liftAt = OPEN_MS + OUTAGE_MS;

  world.schedule(OPEN_MS, null, () => platform.outage(OUTAGE_MS));
  await world.runUntil(liftAt);
  platform.lifted();
  // What each till had waiting when the platform came back.
  const backlogs = tills.map((till) =>
    till.recorded.filter(({ customer }) => !platform.storedAt.has(customer)).map((s) => s.customer),
  );
  if (faults.revoked) {
    const revokedShops = new Set<number>();
    for (let shop = 0; shop < keys; shop += 1)
      if (shop % Math.round(1 / faults.revoked.share) === 0) revokedShops.add(shop);
    for (const shop of revokedShops) platform.revoke(keyOf(shop));
    world.schedule(liftAt + faults.revoked.forMs, null, () => {
      for (const till of tills)
        if (revokedShops.has(Math.floor(till.index / tillsPerKey)))
          till.rekey(`${keyOf(Math.floor(till.index / tillsPerKey))}-new`);
    });
  }

  const drained = () =>
    backlogs.every((backlog) => backlog.every((customer) => platform.storedAt.has(customer)));
  const allStored = () =>
    tills.every((till) => till.recorded.every(({ customer }) => platform.storedAt.has(customer)));
  let closedAt: number | null = null;
  for (let at = liftAt + STATUS_EVERY_MS; at <= liftAt + DRAIN_LIMIT_MS; at += STATUS_EVERY_MS) {
    await world.runUntil(at);
    checks.statusNow(platform.requests, world.time);
    if (closedAt === null && drained()) {
      closedAt = world.time + TRADING_AFTER_MS;
      world.schedule(closedAt, null, () => tills.forEach((till) => till.close()));
    }
    if (closedAt !== null && world.time > closedAt && allStored()) break;
  }
  if (!drained())
    checks.violations.push(
      `the chain was not drained ${DRAIN_LIMIT_MS / 60_000} min after the lift`,
    );
  checks.requestViolations(platform.requests);
  const delivery = deliveryFigures(tills, platform.copies);
  await stopAll(world, tills);
  for (const till of tills) till.store.close();
  rmSync(dir, { recursive: true, force: true });

  const figures = fleetFigures({
    tills: options.tills,
    seed: options.seed,
    faults: options.faults,
    liftAt,
    allowedRate,
    burst: global ? Math.min(global.capacity, keys * perKey.capacity) : keys * perKey.capacity,
    backlogs,
    storedAt: platform.storedAt,
    requests: platform.requests,
    delivery,
  });
  const violations = [...checks.violations];
  if (delivery.lost > 0) violations.push(`${delivery.lost} sales lost`);
  if (delivery.twice > 0) violations.push(`${delivery.twice} sales stored twice`);
  if (delivery.inDoubt > 0) violations.push(`${delivery.inDoubt} sales in doubt`);
  if (delivery.unsent > 0) violations.push(`${delivery.unsent} sales never reached the platform`);
  return {
    ...figures,
    violations,
    timeline: timeline(platform.requests, liftAt, options.timelineStep),
  };
}

/** Stops every engine, as at closing time; the world runs until they all are done. */
async function stopAll(world: World, tills: readonly FleetTill[]): Promise<void> {
  let stopping = tills.length;
  for (const till of tills) void till.engine.stop().finally(() => (stopping -= 1));
  const stopBy = world.time + 60_000;
  while (stopping > 0 && world.time <= stopBy && (await world.step()).ran);
}

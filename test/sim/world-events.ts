// What happens to a simulated till before the faults stop, at random times: processes
// killed, stopped past their lease (with their wall clock stepped meanwhile), sent SIGTERM;
// the wall clock stepped both ways; the database locked by another process, its disk
// full or read-only; the platform out of reach (refusing or hanging); the API key revoked and replaced;
// the shop id and the concurrency changed; and a person acting on refused sales.
import Database from 'better-sqlite3';
import type { Store } from '../../db/store.js';
import { correctedSale } from '../../domain/corrected-sale.js';
import type { SyncTuning } from '../../main/config/agent-config.js';
import type { BodyChecks } from './body-checks.js';
import type { PlatformWatch } from './platform-watch.js';
import type { SimPlatform } from './sim-platform.js';
import type { SimTill } from './sim-till.js';
import type { World } from './world.js';

export interface WorldContext {
  world: World;
  random: () => number;
  file: string;
  store: Store;
  till: SimTill;
  platform: SimPlatform;
  watch: PlatformWatch;
  tuning: SyncTuning;
  faultsUntil: number;
  /** Another process's write lock on the database, while it holds one. */
  busy: { holder: Database.Database | undefined };
  /** The sale numbers whose product the platform does not have. */
  fixable: Set<number>;
  /** What each sale's request must carry. */
  bodies: BodyChecks;
  /** A person pressed Resync (on `pid`): what the watches must forget of the waits it lifts. */
  resynced(pid?: number): void;
  /** Until when a process may be kept from its timers or its disk (stalls, locks, full). */
  disturbed: { until: number };
}

/** The shop ids a till is given (and none), as its settings change. */
export const SHOP_IDS = ['shop_a', 'shop_b', undefined] as const;

const KINDS = [
  'crash',
  'stall',
  'clock',
  'busy',
  'full',
  'outage',
  'stop',
  'revoke',
  'settings',
  'person',
] as const;

export function scheduleWorldEvents(context: WorldContext, count: number): void {
  const { world, random } = context;
  const between = (low: number, high: number) => low + Math.floor(random() * (high - low));
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  for (let i = 0; i < count; i++) {
    const at = between(0, context.faultsUntil);
    const kind = pick(KINDS);
    world.schedule(at, null, () => happen(context, kind, between, pick));
  }
}

function happen(
  context: WorldContext,
  kind: (typeof KINDS)[number],
  between: (low: number, high: number) => number,
  pick: <T>(items: readonly T[]) => T,
): void {
  const { world, till, platform, tuning } = context;
  const live = world.live().filter((p) => till.running.has(p.pid));
  const target = live.length > 0 ? pick(live) : undefined;
  if (kind === 'outage') {
    const ms = between(1000, 60_000);
    const how = context.random() < 0.3 ? 'hang' : 'refuse';
    platform.outage(ms, how);
    world.log(`platform unreachable for ${ms / 1000}s (${how})`);
  } else if (kind === 'busy') {
    if (!context.busy.holder) holdWriteLock(context, between(100, 8000));
  } else if (kind === 'revoke') revokeKey(context, between);
  else if (kind === 'settings') changeSettings(context, pick, between);
  else if (kind === 'person') personActs(context, pick);
  else if (!target) return;
  else if (kind === 'crash') {
    if (till.crash(target.pid, 'by a scheduled SIGKILL')) restartSoon(context, between);
  } else if (kind === 'stall') {
    const ms = between(tuning.leaseTtlMs / 2, tuning.leaseTtlMs * 3);
    // Stopped again while stopped: it stays stopped until the later end, never an earlier one.
    target.stalledUntil = Math.max(target.stalledUntil, world.time + ms);
    disturb(context, ms);
    world.log(`process ${target.pid} is stopped (SIGSTOP) for ${ms / 1000}s`);
    if (context.random() < 0.5) {
      // Its wall clock steps while it is stopped: it wakes to another time.
      const step = pick([-1, 1]) * between(5000, 3_600_000);
      world.schedule(world.time + ms / 2, null, () =>
        till.stepClock(target, step, ' while stopped'),
      );
    }
  } else if (kind === 'clock') {
    till.stepClock(target, pick([-1, 1]) * between(5000, 7_200_000), '');
  } else if (kind === 'full') {
    diskFault(context, target.pid, between(500, 10_000), context.random() < 0.5);
  } else if (kind === 'stop') {
    till.terminate(target.pid, () =>
      world.schedule(world.time + between(0, 5000), null, () => till.start(0)),
    );
  }
}

/**
 * A process's disk refuses writes for `ms`: full, which refuses only the writes that grow
 * the file, or remounted read-only (query_only: SQLITE_READONLY), which refuses every
 * write, an outcome's update in place too.
 */
export function diskFault(context: WorldContext, pid: number, ms: number, readOnly: boolean) {
  const { world, till } = context;
  const connection = till.running.get(pid)?.database.sqlite;
  if (!connection) return;
  const pages = connection.pragma('page_count', { simple: true }) as number;
  connection.pragma(readOnly ? 'query_only = 1' : `max_page_count = ${pages}`);
  disturb(context, ms);
  world.log(`process ${pid}'s disk is ${readOnly ? 'read-only' : 'full'} for ${ms / 1000}s`);
  world.schedule(world.time + ms, null, () => {
    if (!connection.open) return;
    connection.pragma(readOnly ? 'query_only = 0' : 'max_page_count = 1073741823');
  });
}

/** Another process holds the database's write lock for `ms` (SQLITE_BUSY to the till). */
export function holdWriteLock(context: WorldContext, ms: number): void {
  const holder = new Database(context.file);
  holder.exec('begin immediate');
  context.busy.holder = holder;
  disturb(context, ms);
  context.world.log(`another process holds the write lock for ${ms / 1000}s`);
  context.world.schedule(context.world.time + ms, null, () => {
    holder.exec('commit');
    holder.close();
    context.busy.holder = undefined;
  });
}

/** Something keeps processes from their timers or their disk for `ms` from now. */
export function disturb(context: WorldContext, ms: number): void {
  context.disturbed.until = Math.max(context.disturbed.until, context.world.time + ms);
}

/** A killed process is started again by its service manager, a moment later. */
export function restartSoon(
  context: Pick<WorldContext, 'world' | 'till'>,
  between: (low: number, high: number) => number,
): void {
  context.world.schedule(context.world.time + between(0, 10_000), null, () => {
    if (context.world.live().length < 2) context.till.start(0);
  });
}

/** The platform refuses the key in use (401 or 403); a person sets a new one later. */
function revokeKey(context: WorldContext, between: (low: number, high: number) => number): void {
  const { world, till, platform } = context;
  const key = till.config.apiKey!;
  const status = context.random() < 0.7 ? 401 : 403;
  platform.revoke(key, status);
  world.log(`the platform refuses the key in use (${status})`);
  if (context.random() < 0.5) checkKeySoon(context, between);
  const replaceAt = Math.min(world.time + between(2000, 60_000), context.faultsUntil);
  world.schedule(replaceAt, null, () => replaceKey(context, key));
}

/** A person checks the key a little later (Settings, `tillsync doctor`). */
function checkKeySoon(context: WorldContext, between: (low: number, high: number) => number): void {
  context.world.schedule(context.world.time + between(0, 5000), null, () =>
    context.till.checkKey((problem) => context.watch.violations.push(problem)),
  );
}

/** A new key, if the one given is still the one in use. */
export function replaceKey(context: Pick<WorldContext, 'till' | 'watch'>, revoked: string): void {
  const { till } = context;
  if (till.config.apiKey !== revoked) return;
  till.reconfigure({ ...till.config, apiKey: `${revoked}+` }, 'a new API key');
  // Saved in Settings, a key is checked at once (the app does it; the sim, every time).
  till.checkKey((problem) => context.watch.violations.push(problem));
}

function changeSettings(
  context: WorldContext,
  pick: <T>(items: readonly T[]) => T,
  between: (low: number, high: number) => number,
): void {
  const { till } = context;
  if (context.random() < 0.5) {
    const shopId = pick(SHOP_IDS);
    till.reconfigure({ ...till.config, shopId }, `shop id ${shopId ?? 'none'}`);
  } else {
    const concurrency = between(1, 6);
    const sync = { ...till.config.sync, concurrency };
    till.reconfigure({ ...till.config, sync }, `concurrency ${concurrency}`);
  }
}

/**
 * A person at the Sync screen: fixes a refused sale (its product), retries one parked for
 * doubt or after unexpected answers (discarding it instead when the platform has it), or
 * presses Resync. Careful, as the screen asks: a sale that may be on the platform is looked
 * up there before it is sent under a new key.
 */
function personActs(context: WorldContext, pick: <T>(items: readonly T[]) => T): void {
  const { world, store, watch, till } = context;
  if (context.busy.holder) return; // the database is locked: the person comes back later
  const refusedSales = store.listRefused();
  if (refusedSales.length === 0 || context.random() < 0.25) {
    if (till.resync((pid) => context.resynced(pid))) {
      world.log('a person presses Resync now');
    }
    return;
  }
  const refusedSale = pick(refusedSales);
  const sale = store.getSale(refusedSale.saleId)!;
  const number = Number(sale.customerId!.replace('cus_', ''));
  const onPlatform = (watch.sales.get(number)?.copies ?? 0) > 0;
  let action: 'retry' | 'edit' | 'discard';
  if (onPlatform) {
    store.discardRefused(sale.saleId, { reason: 'It is on the platform already' });
    action = 'discard';
  } else if (context.fixable.has(number)) {
    fixProduct(context, sale.saleId);
    action = 'edit';
  } else {
    store.retryRefused(sale.saleId);
    action = 'retry';
  }
  if (action !== 'edit') watch.personActed(number, action);
  world.log(
    `a person ${action === 'edit' ? 'fixes' : action === 'retry' ? 'retries' : 'discards'} sale #${sale.receiptNumber}`,
  );
  till.notifySaleRecorded();
}

/**
 * A person gives a refused sale the product the platform has, at the price and quantity
 * charged (the money stays), and saves it: sent again under a new key.
 */
export function fixProduct(context: WorldContext, saleId: string): void {
  const sale = context.store.getSale(saleId)!;
  const number = Number(sale.customerId!.replace('cus_', ''));
  const paid = { paymentMethod: sale.paymentMethod, customerId: sale.customerId! };
  const lines = sale.items.map(({ quantity, unitPriceMinor }) => ({
    productId: 'prod_0',
    quantity,
    unitPriceMinor,
  }));
  // Checked and priced as the Sync screen's edit is, where it comes in (the contract).
  const corrected = correctedSale.parse({ items: lines, ...paid });
  const edited = context.store.editRefused(sale.saleId, corrected, { checkedPlatform: true });
  if (!edited.ok) throw new Error(`the edit was refused: ${edited.error.message}`);
  context.fixable.delete(number);
  // The platform gets the same price in major units: the till's USD has 2 decimals.
  const items = lines.map(({ unitPriceMinor, ...line }) => ({
    ...line,
    price: unitPriceMinor / 100,
  }));
  context.bodies.expect({ items, ...paid });
  context.watch.personActed(number, 'edit');
}

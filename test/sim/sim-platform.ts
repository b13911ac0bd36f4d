// The simulated platform: stores sales, honours Idempotency-Key or ignores it, refuses keys
// that were revoked, limits the rate per key, refuses sales it cannot take, and fails in
// every other way the real one might (see platform-answers.ts). What it sees of the till is
// checked by the watch (platform-watch.ts), request by request.
import type { Answer } from '../../main/sync/classify.js';
import { EPOCH, type SimProcess, type World } from './world.js';
import {
  chooseFault,
  emptySaleAnswer,
  hasItems,
  httpDate,
  refusalOf,
  successAnswer,
  type Fault,
} from './platform-answers.js';
import type { PlatformWatch } from './platform-watch.js';
import { saleOf } from './request-kinds.js';
import type { AnswerRecord } from './answer-record.js';
import type { BodyChecks } from './body-checks.js';
import type { OfflineWatch } from './offline-watch.js';
import type { RateWatch } from './rate-watch.js';
import type { LinkOracle } from './link-oracle.js';
import { createQuota, type Quota } from './platform-quota.js';
import { createWire, type SaleRequestSeen } from './platform-wire.js';

export interface PlatformOptions {
  honoursKeys: boolean;
  /** Token bucket per key, or none. */
  rateLimit: Quota | null;
  /** The random source of how the quota is written (a stream of its own: the world stays). */
  quotaStyle?: () => number;
  requestTimeoutMs: number;
  /** What the platform sees of the till, checked; none in tests that only need a platform. */
  watch?: PlatformWatch;
  /** Every answer a process heard, for the checks of the till's records at the end. */
  answers?: AnswerRecord;
  /** What each sale's body must carry. */
  bodies?: BodyChecks;
  /** Whether a process told the platform is unreachable keeps from sending. */
  offline?: OfflineWatch;
  /** Whether a process refused for its quota spaces its requests. */
  rates?: RateWatch;
  /** Whether a process keeps from a key the platform refused (link-oracle.ts). */
  link?: Pick<LinkOracle, 'sent' | 'heard'>;
  /** Told of every answer just before its process hears it (a fault may strike then). */
  beforeHeard?: (pid: number, answer: Answer) => void;
  /** Told of every request as it leaves a till (attempt-oracle.ts). */
  attempts?: { sent(pid: number, key: string): void };
  /** Products the platform does not have: a sale of one is refused (4xx), every time. */
  refuses?: (productId: string) => boolean;
  /** Products whose sales it answers only with statuses no client expects (501, a redirect). */
  baffles?: (productId: string) => boolean;
}

export const SIM_KEY = 'sim-key';

export type { SaleRequestSeen };

export function createSimPlatform(world: World, random: () => number, options: PlatformOptions) {
  const stored = new Map<string, string>(); // key -> platform id (what a replay returns)
  const inProgress = new Map<string, number>(); // key -> until when the platform works on it
  const revoked = new Map<string, 401 | 403>();
  const pending = new Map<number, number>(); // requests a till still waits for: id -> pid
  let faulty = true;
  let outageUntil = 0;
  let outageKind: 'refuse' | 'hang' = 'refuse';
  let nextId = 1;
  let onExtraCopy: (body: string) => void = () => {};
  /** Every request for a sale that left a till, by sale number, in order. */
  const requests = new Map<number, SaleRequestSeen[]>();
  /** Answers given once, to a sale's next request that reaches the platform. */
  const scripted = new Map<number, { status: number; headers: Record<string, string> }>();
  /** Sales whose next request is cut after it arrived: stored first (true) or not (false). */
  const drops = new Map<number, boolean>();
  const platformNow = () => EPOCH + world.time;

  // How quotas and waits are written: a stream of its own, or none (the plainest forms).
  const quotaStyle = options.quotaStyle ?? (() => 0.99);
  const quota = createQuota(world, options.rateLimit, quotaStyle);
  const takeToken = (apiKey: string) => quota.take(apiKey);

  function commit(key: string, body: string): { id: string; replayed: boolean } {
    const known = stored.get(key);
    if (options.honoursKeys && known) return { id: known, replayed: true };
    const id = `sale_${nextId++}`;
    if (!known) stored.set(key, id);
    const copies = options.watch?.stored(body) ?? 1;
    world.log(`platform stores ${id}${copies > 1 ? ` (copy ${copies} of one sale)` : ''}`);
    if (copies > 1) onExtraCopy(body);
    return { id, replayed: false };
  }

  // Every answer carries the platform's Date, as HTTP servers do: the till reads its skew.
  const response = (status: number, headers: Record<string, string>, body: string): Answer => ({
    kind: 'response',
    status,
    headers: new Headers({ date: httpDate(platformNow()), ...headers }),
    body,
  });

  /** What the platform does with a request that reached it (`busy`: its key is in progress). */
  function handle(
    apiKey: string,
    key: string,
    body: string,
    busy: boolean,
  ): { answer: Answer | 'never'; late?: boolean; quota?: boolean } {
    const refusedKey = revoked.get(apiKey);
    if (refusedKey)
      return {
        answer: response(
          refusedKey,
          {
            'www-authenticate': `Bearer error="${refusedKey === 401 ? 'invalid_token' : 'insufficient_scope'}"`,
          },
          '{"title":"Unauthorized"}',
        ),
      };
    const rate = takeToken(apiKey);
    if (!rate.ok)
      return {
        answer: response(
          429,
          { 'retry-after': '1', ...rate.headers },
          '{"title":"Too Many Requests"}',
        ),
        quota: true,
      };
    // A sale with no items (the till's key check) is invalid: refused once the key is taken.
    if (!hasItems(body)) {
      const { status, headers, body: answer } = emptySaleAnswer(random, faulty);
      return { answer: response(status, { ...headers, ...rate.headers }, answer) };
    }
    const productId = /"productId":"([^"]+)"/.exec(body)?.[1] ?? '';
    if (options.refuses?.(productId)) {
      const refusal = refusalOf(productId);
      return {
        answer: response(
          refusal.status,
          { 'content-type': 'application/problem+json', ...rate.headers },
          refusal.body,
        ),
      };
    }
    if (options.baffles?.(productId)) {
      const status = [501, 505, 302, 307][productId.length % 4]!;
      return { answer: response(status, { location: '/elsewhere', ...rate.headers }, '') };
    }
    const drop = drops.get(saleOf(body) ?? -1);
    if (drop !== undefined) {
      drops.delete(saleOf(body)!);
      if (drop) commit(key, body);
      return { answer: { kind: 'network', code: 'ECONNRESET', message: 'cut', sent: true } };
    }
    const script = scripted.get(saleOf(body) ?? -1);
    if (script) {
      scripted.delete(saleOf(body)!);
      const { status, headers } = script;
      return { answer: response(status, { ...headers, ...rate.headers }, '{"title":"Scripted"}') };
    }
    if (options.honoursKeys && busy)
      return {
        answer: response(409, rate.headers, '{"title":"A request with this key is in progress"}'),
      };
    const fault: Fault = faulty ? chooseFault(random, platformNow(), quotaStyle) : { kind: 'none' };
    switch (fault.kind) {
      case 'answer':
        return {
          answer: response(fault.status, { ...fault.headers, ...rate.headers }, fault.body),
        };
      case 'hang':
        if (fault.commits) commit(key, body);
        inProgress.set(key, world.time + 2000 + Math.floor(random() * 20_000));
        return { answer: 'never' };
      case 'commit-then-drop':
        commit(key, body);
        return {
          answer: { kind: 'network', code: 'ECONNRESET', message: 'socket hang up', sent: true },
        };
      case 'slow':
      case 'none': {
        const { id, replayed } = commit(key, body);
        return {
          answer: successAnswer(random, id, replayed, {
            date: httpDate(platformNow()),
            ...rate.headers,
          }),
          late: fault.kind === 'slow',
        };
      }
    }
  }

  const client = createWire({
    world,
    random,
    options,
    handle,
    inProgress,
    pending,
    requests,
    outage: () => ({ until: outageUntil, kind: outageKind }),
    faulty: () => faulty,
  });

  return {
    client: (process: SimProcess, apiKey = SIM_KEY) => client(process, apiKey),
    outage(ms: number, kind: 'refuse' | 'hang' = 'refuse'): void {
      outageUntil = Math.max(outageUntil, world.time + ms);
      outageKind = kind;
    },
    /** The key is refused from now on: 401 (revoked) or 403 (its scope taken away). */
    revoke(apiKey: string, status: 401 | 403): void {
      revoked.set(apiKey, status);
    },
    /** The key is taken again (its scope given back). */
    restore: (apiKey: string) => void revoked.delete(apiKey),
    /** The requests for a sale that left a till, in order. */
    requestsOf(sale: number): readonly SaleRequestSeen[] {
      return requests.get(sale) ?? [];
    },
    /** Whether a request under this idempotency key left a till at this wall time. */
    sentUnder(key: string, wall: number): boolean {
      return this.requestUnder(key, wall) !== undefined;
    },
    /** The request under this idempotency key that left a till at this wall time. */
    requestUnder(key: string, wall: number): SaleRequestSeen | undefined {
      for (const list of requests.values()) {
        const found = list.find((request) => request.key === key && request.wall === wall);
        if (found) return found;
      }
      return undefined;
    },
    /** The sale's next request that reaches the platform gets this answer, once. */
    answerOnce(sale: number, status: number, headers: Record<string, string> = {}): void {
      scripted.set(sale, { status, headers });
    },
    /** The sale's next request that reaches the platform is cut, stored first or not. */
    dropOnce(sale: number, stored: boolean): void {
      drops.set(sale, stored);
    },
    /** Faults stop: every request is answered promptly and correctly from now on. */
    heal(): void {
      faulty = false;
      outageUntil = 0;
      drops.clear();
    },
    /** The quota becomes plenty (and the answers say so): waits are the answers' own. */
    liftRateLimit: () => quota.lift(),
    /** A new quota per key from now on (buckets full), or none. */
    setQuota: (next: Quota | null) => quota.set(next),
    /** Called with the body of a sale stored a second time (or more). */
    watchExtraCopies(callback: (body: string) => void): void {
      onExtraCopy = callback;
    },
    /** Requests a till is still waiting for. */
    get inFlightCount() {
      return pending.size;
    },
    /** Whether a process is waiting for an answer to any request. */
    waitedOnBy: (pid: number) => [...pending.values()].includes(pid),
    /** The requests of a process that died are gone with its connections. */
    forget(pid: number): void {
      for (const [id, owner] of pending) if (owner === pid) pending.delete(id);
    },
  };
}

export type SimPlatform = ReturnType<typeof createSimPlatform>;

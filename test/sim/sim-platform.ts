// The simulated platform: stores sales, honours Idempotency-Key or ignores it, refuses keys
// that were revoked, limits the rate per key, refuses sales it cannot take, and fails in
// every other way the real one might (see platform-answers.ts). What it sees of the till is
// checked by the watch (platform-watch.ts), request by request.
import type { Answer } from '../../main/sync/classify.js';
import type { PlatformClient } from '../../main/sync/platform-client.js';
import { EPOCH, type SimProcess, type World } from './world.js';
import {
  chooseFault,
  emptySaleAnswer,
  hasItems,
  httpDate,
  rateLimitHeaders,
  type RateLimitDraft,
  refusalOf,
  successAnswer,
  type Fault,
} from './platform-answers.js';
import type { PlatformWatch } from './platform-watch.js';
import { isKeyCheck, saleOf } from './request-kinds.js';
import type { AnswerRecord } from './answer-record.js';
import type { BodyChecks } from './body-checks.js';
import { UNREACHABLE_CODES, type OfflineWatch } from './offline-watch.js';
import type { RateWatch } from './rate-watch.js';
import type { LinkOracle } from './link-oracle.js';

export interface PlatformOptions {
  honoursKeys: boolean;
  /** Token bucket per key, or none. */
  rateLimit: { capacity: number; refillPerSecond: number; draft: RateLimitDraft } | null;
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

/** A request for a sale, as it left a till: when (virtual time), from whom, under which keys. */
export interface SaleRequestSeen {
  at: number;
  /** The sending process's wall clock when it left (as the till logs it). */
  wall: number;
  pid: number;
  key: string;
  apiKey: string;
}

export function createSimPlatform(world: World, random: () => number, options: PlatformOptions) {
  const stored = new Map<string, string>(); // key -> platform id (what a replay returns)
  const inProgress = new Map<string, number>(); // key -> until when the platform works on it
  const revoked = new Map<string, 401 | 403>();
  const buckets = new Map<string, { tokens: number; at: number }>();
  const pending = new Map<number, number>(); // requests a till still waits for: id -> pid
  let faulty = true;
  let outageUntil = 0;
  let outageKind: 'refuse' | 'hang' = 'refuse';
  let nextId = 1;
  let nextRequest = 1;
  let onExtraCopy: (body: string) => void = () => {};
  /** Every request for a sale that left a till, by sale number, in order. */
  const requests = new Map<number, SaleRequestSeen[]>();
  /** Answers given once, to a sale's next request that reaches the platform. */
  const scripted = new Map<number, { status: number; headers: Record<string, string> }>();
  /** Sales whose next request is cut after it arrived: stored first (true) or not (false). */
  const drops = new Map<number, boolean>();
  const platformNow = () => EPOCH + world.time;
  /** How a till finds the platform out of reach: refused, no such name, no route... */
  const unreachableCode = () => UNREACHABLE_CODES[Math.floor(random() * UNREACHABLE_CODES.length)]!;

  /** Takes a token from the key's bucket; its headers either way. */
  let rateLimit = options.rateLimit;
  function takeToken(apiKey: string): { ok: boolean; headers: Record<string, string> } {
    const limit = rateLimit;
    if (!limit) return { ok: true, headers: {} };
    const last = buckets.get(apiKey) ?? { tokens: limit.capacity, at: world.time };
    const tokens = Math.min(
      limit.capacity,
      last.tokens + ((world.time - last.at) / 1000) * limit.refillPerSecond,
    );
    const ok = tokens >= 1;
    const left = ok ? tokens - 1 : tokens;
    buckets.set(apiKey, { tokens: left, at: world.time });
    const remaining = Math.floor(left);
    // Seconds until more quota: the next token when none is left, else a full bucket.
    const reset = Math.ceil(
      (remaining === 0 ? 1 - (left % 1) : limit.capacity - left) / limit.refillPerSecond,
    );
    const headers = rateLimitHeaders(limit, remaining, reset);
    return { ok, headers };
  }

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
    const fault: Fault = faulty ? chooseFault(random, platformNow()) : { kind: 'none' };
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

  /** A fault of the simulation itself fails the seed, never hides in the engine's log. */
  function watching(check: (watch: PlatformWatch) => void): void {
    const watch = options.watch;
    if (!watch) return;
    try {
      check(watch);
    } catch (error) {
      watch.violations.push(`the simulation itself failed: ${(error as Error).stack}`);
    }
  }

  function client(process: SimProcess, apiKey = SIM_KEY): PlatformClient {
    return {
      postSale(body: string, key: string, signal: AbortSignal): Promise<Answer> {
        return new Promise((resolve) => {
          const requestId = nextRequest++;
          const sentAt = world.time;
          const sentWall = process.clock.now();
          watching((watch) => watch.requestSent(process, apiKey, key, body));
          options.attempts?.sent(process.pid, key);
          const sale = isKeyCheck(key) ? null : saleOf(body);
          options.offline?.sent(process.pid, sale);
          options.link?.sent(process.pid, apiKey, key);
          if (sale !== null)
            requests.set(sale, [
              ...(requests.get(sale) ?? []),
              { at: world.time, wall: sentWall, pid: process.pid, key, apiKey },
            ]);
          const wrongBody = isKeyCheck(key) ? undefined : options.bodies?.problem(body);
          if (wrongBody) watching((watch) => watch.violations.push(wrongBody));
          pending.set(requestId, process.pid);
          let settled = false;
          const settle = (answer: Answer, quota = false) => {
            if (settled) return;
            settled = true;
            if (quota) options.rates?.told(process.pid);
            pending.delete(requestId);
            signal.removeEventListener('abort', onAbort);
            timeout.cancel();
            watching((watch) => watch.answerHeard(process, apiKey, key, body, answer, sentAt));
            options.offline?.heard(process.pid, answer);
            options.link?.heard(process.pid, apiKey, key, answer);
            options.answers?.heard({
              pid: process.pid,
              key,
              sentWall,
              heardWall: process.clock.now(),
              sentAt,
              at: world.time,
              answer,
            });
            options.beforeHeard?.(process.pid, answer);
            resolve(answer);
          };
          // Cut by the till (stopping): once the request reached the platform it was sent;
          // before, it may still have been connecting, and then it never leaves.
          const wire = { arrived: false, cancel: () => {} };
          const onAbort = () => {
            const sent = wire.arrived || requestId % 2 === 0;
            if (!sent) wire.cancel();
            settle({ kind: 'aborted', sent });
          };
          signal.addEventListener('abort', onAbort, { once: true });
          const timeout = world.schedule(world.time + options.requestTimeoutMs, process.pid, () =>
            settle({ kind: 'timeout', sent: true }),
          );
          if (world.time < outageUntil) {
            if (outageKind === 'hang') return; // the request times out
            world.schedule(world.time + 1, process.pid, () =>
              settle({ kind: 'network', code: unreachableCode(), message: 'refused', sent: false }),
            );
            return;
          }
          const latency = 1 + Math.floor(random() * (faulty && random() < 0.05 ? 4000 : 120));
          // The platform acts when the request arrives, whatever became of its sender.
          const arrival = world.schedule(world.time + latency / 2, null, () => {
            wire.arrived = true;
            if (latency > 120) options.rates?.heldBack(process.pid);
            const busy = (inProgress.get(key) ?? -1) > world.time;
            const { answer, late, quota } = handle(apiKey, key, body, busy);
            if (answer === 'never') return; // a hang: in progress until it gives up
            if (quota) options.rates?.refused(process.pid, sentAt);
            inProgress.set(key, Math.max(inProgress.get(key) ?? 0, world.time + latency / 2));
            const after = late ? options.requestTimeoutMs + latency : latency / 2;
            world.schedule(world.time + after, process.pid, () => settle(answer, quota));
          });
          wire.cancel = () => arrival.cancel();
        });
      },
      reachable(signal?: AbortSignal): Promise<boolean> {
        const hanging = world.time < outageUntil && outageKind === 'hang';
        const after = hanging ? options.requestTimeoutMs : 5;
        return new Promise((resolve) => {
          // A stopping engine cuts its question, as the real client's HEAD is cut.
          const onAbort = () => {
            answer.cancel();
            resolve(false);
          };
          const answer = world.schedule(world.time + after, process.pid, () => {
            signal?.removeEventListener('abort', onAbort);
            const answered = !hanging && world.time >= outageUntil;
            if (answered) options.answers?.contact(process.clock.now(), world.time);
            if (answered) options.offline?.contact(process.pid);
            else options.answers?.unanswered(world.time);
            resolve(answered);
          });
          signal?.addEventListener('abort', onAbort, { once: true });
        });
      },
      close() {},
    };
  }

  return {
    client,
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
    liftRateLimit(): void {
      if (rateLimit) rateLimit = { ...rateLimit, capacity: 1000, refillPerSecond: 1000 };
    },
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

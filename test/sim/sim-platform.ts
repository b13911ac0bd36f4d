// The simulated platform: stores sales, honours Idempotency-Key or ignores it, and fails in
// every way the real one might (latency, 5xx before commit, 429 with Retry-After and
// RateLimit headers, stored then cut, hangs, outages). It also watches the agent: never two
// requests in flight for one sale, never a different body under one key.
import type { Answer } from '../../main/sync/classify.js';
import type { PlatformClient } from '../../main/sync/platform-client.js';
import type { SimProcess, World } from './world.js';

export interface PlatformOptions {
  honoursKeys: boolean;
  /** Token bucket per key, or none. */
  rateLimit: { capacity: number; refillPerSecond: number; draft: 'old' | 'current' } | null;
  requestTimeoutMs: number;
}

interface Request {
  key: string;
  pid: number;
}

export function createSimPlatform(world: World, random: () => number, options: PlatformOptions) {
  const copies = new Map<string, number>(); // by idempotency key
  const stored = new Map<string, string>(); // key -> platform id (what a replay returns)
  const bodies = new Map<string, string>();
  const inFlight = new Map<number, Request>();
  const violations: string[] = [];
  let faulty = true;
  let outageUntil = 0;
  /** During an outage: connections refused, or taken and never answered. */
  let outageKind: 'refuse' | 'hang' = 'refuse';
  let nextId = 1;
  let nextRequest = 1;
  let bucket = options.rateLimit ? { tokens: options.rateLimit.capacity, at: 0 } : null;
  /** Called when a sale is stored again under a key that already has a copy. */
  let onExtraCopy: (key: string) => void = () => {};

  const chance = (p: number) => faulty && random() < p;
  const headers = (values: Record<string, string>) => new Headers(values);

  function rateLimitHeaders(): Record<string, string> {
    const limit = options.rateLimit;
    if (!limit || !bucket) return {};
    const remaining = Math.floor(bucket.tokens);
    const reset = Math.ceil((limit.capacity - bucket.tokens) / limit.refillPerSecond);
    return limit.draft === 'old'
      ? {
          'ratelimit-limit': String(limit.capacity),
          'ratelimit-remaining': String(remaining),
          'ratelimit-reset': String(reset),
        }
      : {
          'ratelimit-policy': `"bucket";q=${limit.capacity};w=${Math.ceil(limit.capacity / limit.refillPerSecond)}`,
          ratelimit: `"bucket";r=${remaining};t=${reset}`,
        };
  }

  /** Takes a token; false when the bucket is empty (429). */
  function takeToken(): boolean {
    const limit = options.rateLimit;
    if (!limit || !bucket) return true;
    const elapsed = (world.time - bucket.at) / 1000;
    bucket = {
      tokens: Math.min(limit.capacity, bucket.tokens + elapsed * limit.refillPerSecond),
      at: world.time,
    };
    if (bucket.tokens < 1) return false;
    bucket.tokens -= 1;
    return true;
  }

  function commit(key: string): { id: string; replayed: boolean } {
    const known = stored.get(key);
    if (options.honoursKeys && known) return { id: known, replayed: true };
    const id = `sale_${nextId++}`;
    const count = (copies.get(key) ?? 0) + 1;
    copies.set(key, count);
    if (!known) stored.set(key, id);
    world.log(`platform stores ${id}${count > 1 ? ` (copy ${count} of one sale)` : ''}`);
    if (count > 1) onExtraCopy(key);
    return { id, replayed: false };
  }

  /** What the platform does with a request that reached it. */
  function handle(key: string): { answer: Answer | 'hang' } {
    if (!takeToken()) {
      const limit = options.rateLimit!;
      return {
        answer: {
          kind: 'response',
          status: 429,
          headers: headers({
            'retry-after': String(Math.ceil(1 / limit.refillPerSecond)),
            ...rateLimitHeaders(),
          }),
          body: '{"title":"Too Many Requests"}',
        },
      };
    }
    if (chance(0.08)) {
      const status = random() < 0.5 ? 500 : 503;
      const retry: Record<string, string> =
        status === 503 && random() < 0.5
          ? { 'retry-after': String(1 + Math.floor(random() * 5)) }
          : {};
      return { answer: { kind: 'response', status, headers: headers(retry), body: 'oops' } };
    }
    if (chance(0.03)) {
      return {
        answer: {
          kind: 'response',
          status: 429,
          headers: headers({ 'retry-after': String(1 + Math.floor(random() * 10)) }),
          body: '',
        },
      };
    }
    if (chance(0.03)) {
      if (random() < 0.5) commit(key);
      return { answer: 'hang' };
    }
    const { id, replayed } = commit(key);
    if (chance(0.08)) {
      return {
        answer: { kind: 'network', code: 'ECONNRESET', message: 'socket hang up', sent: true },
      };
    }
    return {
      answer: {
        kind: 'response',
        status: 201,
        headers: headers({
          ...(replayed ? { 'idempotent-replayed': 'true' } : {}),
          ...rateLimitHeaders(),
        }),
        body: JSON.stringify({ id }),
      },
    };
  }

  function client(process: SimProcess): PlatformClient {
    return {
      postSale(body: string, key: string, signal: AbortSignal): Promise<Answer> {
        return new Promise((resolve) => {
          const requestId = nextRequest++;
          const earlier = bodies.get(key);
          if (earlier !== undefined && earlier !== body) {
            violations.push(`a different body was sent under one key: ${earlier} then ${body}`);
          }
          bodies.set(key, body);
          for (const other of inFlight.values()) {
            if (other.key === key) {
              violations.push(
                `two requests in flight for one sale (processes ${other.pid} and ${process.pid})`,
              );
            }
          }
          inFlight.set(requestId, { key, pid: process.pid });
          let settled = false;
          const settle = (answer: Answer) => {
            if (settled) return;
            settled = true;
            inFlight.delete(requestId);
            signal.removeEventListener('abort', onAbort);
            timeout.cancel();
            resolve(answer);
          };
          const onAbort = () => settle({ kind: 'aborted', sent: true });
          signal.addEventListener('abort', onAbort, { once: true });
          const timeout = world.schedule(world.time + options.requestTimeoutMs, process.pid, () =>
            settle({ kind: 'timeout', sent: true }),
          );
          if (world.time < outageUntil) {
            if (outageKind === 'hang') return; // the request times out
            world.schedule(world.time + 1, process.pid, () =>
              settle({ kind: 'network', code: 'ECONNREFUSED', message: 'refused', sent: false }),
            );
            return;
          }
          const latency = 1 + Math.floor(random() * (chance(0.05) ? 4000 : 120));
          // The platform acts when the request arrives, whatever became of its sender.
          world.schedule(world.time + latency / 2, null, () => {
            const { answer } = handle(key);
            if (answer === 'hang') return;
            world.schedule(world.time + latency / 2, process.pid, () => settle(answer));
          });
        });
      },
      reachable(): Promise<boolean> {
        const hanging = world.time < outageUntil && outageKind === 'hang';
        const after = hanging ? options.requestTimeoutMs : 5;
        return new Promise((resolve) =>
          world.schedule(world.time + after, process.pid, () =>
            resolve(!hanging && world.time >= outageUntil),
          ),
        );
      },
      close() {},
    };
  }

  return {
    client,
    violations,
    copies,
    /** The requests of a process that died are gone with its connections. */
    forget(pid: number): void {
      for (const [id, request] of inFlight) if (request.pid === pid) inFlight.delete(id);
    },
    outage(ms: number, kind: 'refuse' | 'hang' = 'refuse'): void {
      outageUntil = Math.max(outageUntil, world.time + ms);
      outageKind = kind;
    },
    /** Faults stop: every request is answered promptly and correctly from now on. */
    heal(): void {
      faulty = false;
      outageUntil = 0;
    },
    watchExtraCopies(callback: (key: string) => void): void {
      onExtraCopy = callback;
    },
    get inFlightCount() {
      return inFlight.size;
    },
  };
}

export type SimPlatform = ReturnType<typeof createSimPlatform>;

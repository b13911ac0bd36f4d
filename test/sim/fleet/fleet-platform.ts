// The platform a simulated chain of tills shares: a token bucket per API key and one for
// the whole platform (both told in draft-10 RateLimit fields, as a List; a 429's Retry-After
// is the refusing bucket's `t`, as the sandbox says it), an outage that refuses
// connections, and the bad input of a fleet run (fleet-faults.ts). It stores each sale once
// per idempotency key, as the real one, and keeps what the figures and checks need.
import type { Answer } from '../../../main/sync/classify.js';
import type { PlatformClient } from '../../../main/sync/platform-client.js';
import { httpDate } from '../platform-answers.js';
import { EPOCH, type SimProcess, type World } from '../world.js';
import { faultAnswer, type FleetFaults } from './fleet-faults.js';

export interface Bucket {
  capacity: number;
  refillPerSecond: number;
}

/** One request as the platform saw it: who sent it, when it left and was answered, what. */
export interface FleetRequest {
  till: number;
  sentAt: number;
  answeredAt: number;
  status: number;
  /** The wait the answer asked for, as the till must read it (null: none asked). */
  retryAfter: string | null;
  apiKey: string;
}

interface Tokens {
  tokens: number;
  at: number;
}

/** Seconds until the bucket holds one more whole token (the draft's `t`). */
const secondsUntilMore = (tokens: number, bucket: Bucket) =>
  Math.max(1, Math.ceil((Math.floor(tokens) + 1 - tokens) / bucket.refillPerSecond));

export function createFleetPlatform(
  world: World,
  random: () => number,
  options: { perKey: Bucket; global: Bucket | null; faults: FleetFaults },
) {
  const buckets = new Map<string, Tokens>();
  const revoked = new Set<string>();
  const stored = new Map<string, string>(); // idempotency key -> customer id
  /** Each sale (by its customer id): how many times the platform stored it. */
  const copies = new Map<string, number>();
  /** When each sale was first stored (virtual ms). */
  const storedAt = new Map<string, number>();
  const requests: FleetRequest[] = [];
  let outageUntil = 0;
  let liftedAt = Infinity;

  function refill(name: string, bucket: Bucket): Tokens {
    const last = buckets.get(name) ?? { tokens: bucket.capacity, at: world.time };
    const tokens = Math.min(
      bucket.capacity,
      last.tokens + ((world.time - last.at) / 1000) * bucket.refillPerSecond,
    );
    const now = { tokens, at: world.time };
    buckets.set(name, now);
    return now;
  }

  /** Takes one token from the key's bucket and the platform's, or from neither. */
  function take(apiKey: string) {
    const { perKey, global } = options;
    const policies = [
      { name: 'key', id: `key:${apiKey}`, bucket: perKey },
      ...(global ? [{ name: 'global', id: 'global', bucket: global }] : []),
    ].map((policy) => ({ ...policy, level: refill(policy.id, policy.bucket) }));
    const refusing = policies.find((policy) => policy.level.tokens < 1);
    if (!refusing) for (const policy of policies) policy.level.tokens -= 1;
    const headers: Record<string, string> = {
      'ratelimit-policy': policies
        .map(
          ({ name, bucket }) =>
            `"${name}";q=${bucket.capacity};w=${Math.ceil(bucket.capacity / bucket.refillPerSecond)}`,
        )
        .join(', '),
      ratelimit: policies
        .map(
          ({ name, bucket, level }) =>
            `"${name}";r=${Math.floor(level.tokens)};t=${secondsUntilMore(level.tokens, bucket)}`,
        )
        .join(', '),
    };
    const wait = refusing && secondsUntilMore(refusing.level.tokens, refusing.bucket);
    return { allowed: !refusing, headers, wait: wait || 0 };
  }

  function store(key: string, customer: string): void {
    if (stored.has(key)) return; // a replay: the stored sale's answer again
    stored.set(key, customer);
    copies.set(customer, (copies.get(customer) ?? 0) + 1);
    if (!storedAt.has(customer)) storedAt.set(customer, world.time);
  }

  function handle(apiKey: string, key: string, body: string): Answer {
    const platformNow = EPOCH + world.time;
    const answer = (status: number, headers: Record<string, string>): Answer => ({
      kind: 'response',
      status,
      headers: new Headers({ date: httpDate(platformNow), ...headers }),
      body: status < 300 ? '{"id":"sale"}' : `{"title":"${status}"}`,
    });
    if (revoked.has(apiKey))
      return answer(401, { 'www-authenticate': 'Bearer error="invalid_token"' });
    const fault = faultAnswer(options.faults, random, world.time - liftedAt, platformNow);
    if (fault) return answer(fault.status, fault.headers);
    const quota = take(apiKey);
    if (!quota.allowed) {
      const retryAfter = options.faults.absurdRetryAfter
        ? options.faults.absurdRetryAfter(random, platformNow)
        : String(quota.wait);
      return answer(429, { ...quota.headers, 'retry-after': retryAfter });
    }
    const customer = /"customerId":"([^"]+)"/.exec(body)?.[1] ?? key;
    store(key, customer);
    return answer(201, quota.headers);
  }

  function client(process: SimProcess, till: number, apiKey: string): PlatformClient {
    return {
      postSale(body: string, key: string, signal: AbortSignal): Promise<Answer> {
        return new Promise((resolve) => {
          const sentAt = world.time;
          const latency = 10 + Math.floor(random() * 60);
          let arrived = false;
          const onAbort = () => {
            arrival.cancel();
            resolve({ kind: 'aborted', sent: arrived });
          };
          signal.addEventListener('abort', onAbort, { once: true });
          const arrival = world.schedule(world.time + latency / 2, null, () => {
            if (world.time < outageUntil) {
              signal.removeEventListener('abort', onAbort);
              world.schedule(world.time + 1, process.pid, () =>
                resolve({ kind: 'network', code: 'ECONNREFUSED', message: 'refused', sent: false }),
              );
              return;
            }
            arrived = true;
            const answer = handle(apiKey, key, body);
            world.schedule(world.time + latency / 2, process.pid, () => {
              signal.removeEventListener('abort', onAbort);
              if (answer.kind === 'response')
                requests.push({
                  till,
                  sentAt,
                  answeredAt: world.time,
                  status: answer.status,
                  retryAfter: answer.headers.get('retry-after'),
                  apiKey,
                });
              resolve(answer);
            });
          });
        });
      },
      reachable(): Promise<boolean> {
        return new Promise((resolve) => {
          world.schedule(world.time + 20, process.pid, () => resolve(world.time >= outageUntil));
        });
      },
      close() {},
    };
  }

  return {
    client,
    requests: requests as readonly FleetRequest[],
    copies: copies as ReadonlyMap<string, number>,
    storedAt: storedAt as ReadonlyMap<string, number>,
    /** Connections are refused for `ms` from now. */
    outage(ms: number): void {
      outageUntil = world.time + ms;
    },
    /** The outage is over (the faults of a fleet run are timed from now). */
    lifted(): void {
      liftedAt = world.time;
    },
    revoke: (apiKey: string) => void revoked.add(apiKey),
  };
}

export type FleetPlatform = ReturnType<typeof createFleetPlatform>;

// The wire between a till and the simulated platform: each request leaves at once, takes a
// random latency to arrive (seconds, now and then, while faults are on), is handled when it
// arrives whatever became of its sender, and its answer comes back unless the till gave up,
// stopped or the platform is out of reach. Every watch hears of the request as it leaves and
// of the answer as its process hears it.
import type { Answer } from '../../main/sync/classify.js';
import type { PlatformClient } from '../../main/sync/platform-client.js';
import type { SimProcess, World } from './world.js';
import type { PlatformOptions } from './sim-platform.js';
import type { PlatformWatch } from './platform-watch.js';
import { isKeyCheck, saleOf } from './request-kinds.js';
import { UNREACHABLE_CODES } from './offline-watch.js';

/** A request for a sale, as it left a till: when (virtual time), from whom, under which keys. */
export interface SaleRequestSeen {
  at: number;
  /** The sending process's wall clock when it left (as the till logs it). */
  wall: number;
  pid: number;
  key: string;
  apiKey: string;
}

/** What the platform does with a request that reached it (`busy`: its key is in progress). */
export type Handle = (
  apiKey: string,
  key: string,
  body: string,
  busy: boolean,
) => { answer: Answer | 'never'; late?: boolean; quota?: boolean };

export interface WireDeps {
  world: World;
  random: () => number;
  options: PlatformOptions;
  handle: Handle;
  /** Keys the platform still works on: until when. */
  inProgress: Map<string, number>;
  /** Requests a till still waits for: id -> pid. */
  pending: Map<number, number>;
  /** Every request for a sale that left a till, by sale number, in order. */
  requests: Map<number, SaleRequestSeen[]>;
  outage: () => { until: number; kind: 'refuse' | 'hang' };
  faulty: () => boolean;
}

export function createWire(deps: WireDeps) {
  const { world, random, options, handle, inProgress, pending, requests } = deps;
  let nextRequest = 1;
  /** How a till finds the platform out of reach: refused, no such name, no route... */
  const unreachableCode = () => UNREACHABLE_CODES[Math.floor(random() * UNREACHABLE_CODES.length)]!;

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

  return function client(process: SimProcess, apiKey: string): PlatformClient {
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
          if (world.time < deps.outage().until) {
            if (deps.outage().kind === 'hang') return; // the request times out
            world.schedule(world.time + 1, process.pid, () =>
              settle({ kind: 'network', code: unreachableCode(), message: 'refused', sent: false }),
            );
            return;
          }
          const latency =
            1 + Math.floor(random() * (deps.faulty() && random() < 0.05 ? 4000 : 120));
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
        const { until: outageUntil, kind } = deps.outage();
        const hanging = world.time < outageUntil && kind === 'hang';
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
  };
}

// What every till of a fleet run must keep to, whatever the platform answers: no request
// while the platform asked it to wait (Retry-After on a 429 or 503, read on the till's own
// wall clock and capped at its policy's longest wait, so ten years is ten minutes and a
// date in the past or a negative number is no wait), nothing more under a key the platform
// refused, a status that says so while it lasts, and at the end every sale on the
// platform exactly once (nothing lost, nothing twice, nothing in doubt).
import { allowedWaitMs } from '../request-kinds.js';
import type { FleetRequest } from './fleet-platform.js';
import type { FleetTill } from './fleet-till.js';

/** A wait asked of a till: from when it heard it until when (virtual ms). */
interface Hold {
  from: number;
  until: number;
}

const QUEUE_WAIT_STATUSES = new Set([429, 503]);
/** A status read this long after a hold began must show it (the outcome's write is grouped). */
const STATUS_WITHIN_MS = 1000;

export function createFleetChecks(tills: readonly FleetTill[]) {
  const violations: string[] = [];
  const holds = tills.map((): Hold[] => []);
  const refusedKeys = tills.map(() => new Map<string, number>()); // key -> when refused
  let seen = 0;

  function flag(problem: string): void {
    if (violations.length < 50) violations.push(problem);
  }

  /** Learns the waits and refusals in the answers given since the last look. */
  function follow(requests: readonly FleetRequest[]): void {
    for (; seen < requests.length; seen += 1) {
      const request = requests[seen]!;
      const till = tills[request.till]!;
      if (QUEUE_WAIT_STATUSES.has(request.status)) {
        const wall = till.wallAt(request.answeredAt);
        const cap = till.config.sync.retryAfterCapMs;
        const wait = allowedWaitMs(request.retryAfter, wall, cap);
        if (wait > 0)
          holds[request.till]!.push({ from: request.answeredAt, until: request.answeredAt + wait });
      }
      const refused = refusedKeys[request.till]!;
      if (request.status === 401 && !refused.has(request.apiKey))
        refused.set(request.apiKey, request.answeredAt);
    }
  }

  /** Every request a till sent while asked to wait, or under a key refused before it left. */
  function requestViolations(requests: readonly FleetRequest[]): void {
    follow(requests);
    for (const request of requests) {
      const held = holds[request.till]!.find(
        (hold) => request.sentAt > hold.from && request.sentAt < hold.until,
      );
      if (held)
        flag(
          `till ${request.till} sent at ${request.sentAt} ms, asked at ${held.from} ms to wait until ${held.until} ms`,
        );
      const refusedAt = refusedKeys[request.till]!.get(request.apiKey);
      if (refusedAt !== undefined && request.sentAt > refusedAt)
        flag(
          `till ${request.till} sent at ${request.sentAt} ms under a key refused at ${refusedAt} ms`,
        );
    }
  }

  /** Each till's status now says what holds it: a wait asked, or its key refused. */
  function statusNow(requests: readonly FleetRequest[], now: number): void {
    follow(requests);
    for (const till of tills) {
      const status = till.engine.status();
      const hold = holds[till.index]!.findLast((h) => h.from + STATUS_WITHIN_MS <= now);
      if (hold && hold.until > now + STATUS_WITHIN_MS && status.throttledUntil === null)
        flag(
          `till ${till.index} waits until ${hold.until} ms, its status says no wait (at ${now} ms)`,
        );
      const refusedAt = refusedKeys[till.index]!.get(till.config.apiKey ?? '');
      if (refusedAt !== undefined && refusedAt + STATUS_WITHIN_MS <= now) {
        if (status.paused === null || status.link !== 'key_rejected')
          flag(
            `till ${till.index}'s key was refused at ${refusedAt} ms, its status says ${status.link} (at ${now} ms)`,
          );
      }
    }
  }

  return { violations, requestViolations, statusNow };
}

/** The sales as the platform and the tills hold them at the end of a run. */
export function deliveryFigures(tills: readonly FleetTill[], copies: ReadonlyMap<string, number>) {
  let lost = 0;
  let twice = 0;
  let inDoubt = 0;
  let unsent = 0;
  let recorded = 0;
  for (const till of tills) {
    const states = new Map(
      till.store.database.sqlite
        .prepare(
          `select s.customer_id as customer, o.state from sales s join outbox o on o.sale_id = s.id`,
        )
        .all()
        .map((row) => {
          const { customer, state } = row as { customer: string; state: string };
          return [customer, state] as const;
        }),
    );
    for (const { customer } of till.recorded) {
      recorded += 1;
      const stored = copies.get(customer) ?? 0;
      const state = states.get(customer);
      if (stored > 1) twice += 1;
      if (stored === 0 && (state === undefined || state === 'synced')) lost += 1;
      else if (stored === 0) unsent += 1;
    }
    inDoubt += till.engine.status().uncertain;
  }
  return { recorded, lost, twice, inDoubt, unsent };
}

// A doubt still open when the till learns its platform honours keys: a sale's request cut
// before the platform stored it (the till cannot tell, so it flags the sale "may be
// doubled"), sent again and stored once, and then another sale's request cut after it was
// stored, whose resend is replayed. The replay teaches the till that keys are honoured,
// often with the disk read-only (disk-moments.ts): the flag of the first sale must go once
// the disk takes writes again (main/sync/doubt-clearing.ts). Without this scene no world
// of seeds 1 to 40 had a doubt left when its till learnt the platform.
import type { Answer } from '../../main/sync/classify.js';
import type { WorldContext } from './world-events.js';

const isReplay = (answer: Answer) =>
  answer.kind === 'response' && answer.headers.get('idempotent-replayed') === 'true';

/** Struck once a world, at the first answer a till hears, before any replay. */
export function doubtBeforeReplay(context: () => WorldContext, chance: () => number) {
  let done = false;
  return (_pid: number, answer: Answer): void => {
    const { world, faultsUntil, platform } = context();
    if (done) return;
    done = true;
    if (world.time >= faultsUntil || isReplay(answer) || chance() >= 0.7) return;
    // The first two sales the platform has not seen yet (recorded or still to come).
    let first = 0;
    while (platform.requestsOf(first).length > 0) first += 1;
    platform.dropOnce(first, false);
    platform.dropOnce(first + 1, true);
    world.log(`sale #${first}'s next request is cut unstored, sale #${first + 1}'s once stored`);
  };
}

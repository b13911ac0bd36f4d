// A cheap question to the platform (HEAD on its address): does it answer at all? Used
// while offline, before a pass sends anything, and when idle, so that "online" always
// means the platform answered recently and a stopped platform shows as offline soon.
import type { LinkKnowledge } from './link-state.js';
import type { PlatformClient } from './platform-client.js';

/** Asks, and records the answer in the link state; true when the platform answered. */
export async function probeLink(
  client: PlatformClient,
  link: LinkKnowledge,
  signal: AbortSignal,
): Promise<boolean> {
  const asked = link.asks();
  const answered = await client.reachable(signal);
  if (answered)
    link.probeAnswered(); // sales stay due at their backoff: no stampede
  // Asked to try since it left (a Resync, new settings): the sales are tried, and tell.
  // Its "out of reach" would undo the ask, and the next pass would only ask again (the
  // simulation's seed 3701: each of three presses met a tick's probe under way).
  else if (!signal.aborted && link.asks() === asked) link.probeUnanswered();
  return answered;
}

/** Nothing sent: asked when idle long enough; while offline at every tick, a wait or not. */
export async function probeWhenIdle(
  client: PlatformClient,
  link: LinkKnowledge,
  signal: AbortSignal,
  idleCheckMs: number,
): Promise<void> {
  if (link.offline || idleProbeDue(link, idleCheckMs)) await probeLink(client, link, signal);
}

/** With nothing to send: time to ask again once the last answer is this old. */
export function idleProbeDue(link: LinkKnowledge, idleCheckMs: number): boolean {
  const since = link.sinceContact();
  return since === null || since >= idleCheckMs;
}

// Whether the till gets through to the platform: the one rule, read by the status every
// process reports (`tillsync status`, its --json, the engine's events), the screens, the
// tray, the metrics and the doctor. A status carries the link as it was when it was read,
// and the time of the platform's last answer; a screen derives the link again with its own
// clock, so "online" lapses to "checking" as that answer ages, event or no event.
import type { SyncMode } from './sync-status.js';

export const LINK_STATES = [
  'online',
  'checking',
  'offline',
  'key_rejected',
  'not_configured',
] as const;
export type LinkState = (typeof LINK_STATES)[number];

/**
 * What the engine last learnt of the connection, as stored (db/schema.ts): the link's own
 * names, less `not_configured` (a setting, not something learnt). Never shown as it is: the
 * status derives the link from it and the time of the last answer.
 */
export const CONNECTION_STATES = [
  'checking',
  'online',
  'offline',
  'key_rejected',
] as const satisfies readonly LinkState[];
export type ConnectionState = (typeof CONNECTION_STATES)[number];

/** The platform counts as online while its last answer is at most this old. */
export const ONLINE_WINDOW_MS = 90_000;

/** A clock may lag the one that stored the contact by this much and still trust it. */
const CLOCK_LEEWAY_MS = 1000;

export interface LinkFacts {
  mode: SyncMode;
  /** The platform refused the key in use: sending is paused until it changes. */
  keyRefused: boolean;
  /** The last attempt to reach the platform found no way to it (refused, no route). */
  unreachable: boolean;
  /** When the platform last answered anything. */
  lastContactAt: number | null;
}

/** The platform answered within the window (a contact "in the future" was stored before
 * the clock stepped back: not evidence). */
function answeredLately(lastContactAt: number | null, now: number): boolean {
  const age = lastContactAt === null ? null : now - lastContactAt;
  return age !== null && age >= -CLOCK_LEEWAY_MS && age <= ONLINE_WINDOW_MS;
}

export function linkFrom(facts: LinkFacts, now: number): LinkState {
  if (facts.mode === 'not_configured') return 'not_configured';
  if (facts.keyRefused) return 'key_rejected';
  if (facts.unreachable) return 'offline';
  return answeredLately(facts.lastContactAt, now) ? 'online' : 'checking';
}

/**
 * The link of a status read earlier, at `now`: as read, except that "online" lapses to
 * "checking" once the last answer is older than the window. Only news makes it better.
 */
export function linkAt(
  status: { link: LinkState; lastContactAt: number | null },
  now: number,
): LinkState {
  return status.link === 'online' && !answeredLately(status.lastContactAt, now)
    ? 'checking'
    : status.link;
}

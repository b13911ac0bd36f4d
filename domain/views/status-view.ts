// The one reading of the sync status for people: the banner, the Sync screen's figures and
// times, the tray and `tillsync status` all derive what they say from `viewStatus`, so no
// two of them can disagree. Its rules (checked by a property test):
// - "waiting" is pending plus sending;
// - the link is `linkAt` (domain/link.ts), the rule every reading of the status uses:
//   "online" only while the platform answered within ONLINE_WINDOW_MS;
// - a refused sale, an uncertain sale or a clock warning is never shown in green;
// - a time in the past reads "… ago", one in the future "in …", a due time "now";
// - the last error is marked past once a later send succeeded;
// - the shift line says "No shift open." exactly when the status has no shift.
// Pure and free of Node, so the renderer imports it as well.
import { linkAt, ONLINE_WINDOW_MS, type LinkState } from '../link.js';
import { shownTime } from './local-time.js';
import { plural } from '../words.js';
import { waitingOf, type SyncStatus } from '../sync-status.js';
import type { ShiftSummary } from '../shift.js';

export type StatusInput = SyncStatus;
export type StatusTone = 'ok' | 'warning' | 'error';

export interface StatusView {
  link: LinkState;
  tone: StatusTone;
  sandbox: boolean;
  waiting: number;
  refused: number;
  uncertain: number;
  /** The banner's sentence. */
  headline: string;
  /** One short line: the tray and the window title. */
  short: string;
  lastSuccess: string;
  nextAttempt: string;
  lastError: { message: string; when: string; past: boolean } | null;
  /** Things a person should know, most urgent first. */
  warnings: string[];
  /** The shift the till is in, in one sentence: since when, by whom, its float, a close under way. */
  shift: string;
}

/** A duration in words a cashier reads: "4 s", "3 min", "2 h", "5 days". */
export function duration(ms: number): string {
  const seconds = Math.round(Math.abs(ms) / 1000);
  if (seconds < 90) return `${seconds} s`;
  if (seconds < 5400) return `${Math.round(seconds / 60)} min`;
  if (seconds < 172_800) return `${Math.round(seconds / 3600)} h`;
  return `${Math.round(seconds / 86_400)} days`;
}

/** A moment relative to now, in the right tense: "2 min ago", "in 4 s", "just now". */
export function relativeTime(at: number, now: number): string {
  const ms = at - now;
  if (Math.abs(ms) < 1000) return ms <= 0 ? 'just now' : 'in a moment';
  return ms < 0 ? `${duration(ms)} ago` : `in ${duration(ms)}`;
}

export const NO_SHIFT_OPEN = 'No shift open.';

/**
 * The shift in words: "Open since 21/11/2026, 09:02:10 (2 h ago), opened by Ann; float
 * counted." The time is in the reader's locale and the till's zone (the runtime's if not given).
 */
export function shiftLine(shift: ShiftSummary | null, now: number, timeZone?: string): string {
  if (!shift) return NO_SHIFT_OPEN;
  const since = `since ${shownTime(shift.openedAt, timeZone)} (${relativeTime(Math.min(shift.openedAt, now), now)})`;
  const by = shift.openedBy ? `opened by ${shift.openedBy}` : 'opened with no cashier named';
  const float = shift.floatCounted
    ? 'float counted'
    : 'float not counted (the shift opened by itself)';
  return shift.state === 'closing'
    ? `Closing: the cash is being counted. Open ${since}, ${by}; ${float}.`
    : `Open ${since}, ${by}; ${float}.`;
}

function warningsOf(status: StatusInput, now: number): string[] {
  const warnings: string[] = [];
  if (status.integrity.problem)
    warnings.push(
      `The weekly check found this till's database damaged (${status.integrity.problem}). Sales are still kept; run \`tillsync doctor\` and restore from a backup.`,
    );
  if (status.storageProblem)
    warnings.push(
      `Sync cannot write to this till's database (${status.storageProblem.message}). Free disk space or fix the disk; nothing already saved is lost.`,
    );
  if (status.uncertain > 0)
    warnings.push(
      `${plural(status.uncertain, 'sale')} sent without an answer may already be on the platform${status.keysHonoured ? '' : ' (twice, if sent again)'}: look them up there.`,
    );
  if (status.stale > 0)
    warnings.push(`${plural(status.stale, 'sale')} waiting for more than a day.`);
  if (status.clockStep)
    warnings.push(
      `This till's clock jumped by ${duration(status.clockStep.ms)} ${relativeTime(status.clockStep.at, now)}. Sync keeps its own steady time; please check the clock.`,
    );
  if (status.clockSkewMs)
    warnings.push(
      `This till's clock is ${duration(status.clockSkewMs)} ${status.clockSkewMs > 0 ? 'behind' : 'ahead of'} the platform's. Receipts carry the till's time: please set the clock.`,
    );
  if (status.throttledUntil && status.throttledUntil > now)
    warnings.push(
      `The platform asked this till to slow down; sending resumes ${relativeTime(status.throttledUntil, now)} by itself.`,
    );
  return warnings;
}

/** How long the platform has been silent, when it answered once and not lately. */
function silence(status: StatusInput, now: number): string {
  const age = status.lastContactAt === null ? null : now - status.lastContactAt;
  return age !== null && age > ONLINE_WINDOW_MS
    ? `no answer for ${duration(age)}`
    : 'no answer from it yet';
}

function headlineOf(
  link: LinkState,
  counts: { waiting: number; refused: number; uncertain: number },
  silent: string,
): string {
  const { waiting, refused, uncertain } = counts;
  const needsYou =
    refused === 0
      ? ''
      : ` ${plural(refused, 'refused sale')} ${refused === 1 ? 'needs' : 'need'} you on the Sync screen.`;
  const doubt =
    uncertain === 0 ? '' : ` ${plural(uncertain, 'sale')} may already be on the platform.`;
  switch (link) {
    case 'not_configured':
      return `No platform is set up: ${plural(waiting, 'sale')} kept on this till. Add the address and key in Settings.`;
    case 'key_rejected':
      return `Key rejected: the platform refused the API key, so sending is paused (${waiting} waiting). Enter a new key in Settings.${needsYou}`;
    case 'offline':
      return `Offline: the platform cannot be reached. Keep selling; ${waiting === 0 ? 'sales are kept on this till and sent' : `${plural(waiting, 'sale')} will be sent`} when it is back.${needsYou}`;
    case 'checking':
      return `Checking the platform: ${silent}. Keep selling; ${waiting} waiting.${needsYou}${doubt}`;
    case 'online': {
      const sending =
        waiting > 0
          ? `sending ${plural(waiting, 'sale')}`
          : refused === 0
            ? 'every sale has been sent'
            : 'every other sale has been sent';
      return `Online: ${sending}.${needsYou}${doubt}`;
    }
  }
}

const SHORT_LINK: Record<LinkState, string> = {
  online: 'online',
  offline: 'offline',
  key_rejected: 'key rejected',
  not_configured: 'no platform set up',
  checking: 'checking the platform',
};

export function viewStatus(status: StatusInput, now: number, timeZone?: string): StatusView {
  const link = linkAt(status, now);
  const waiting = waitingOf(status.counts);
  const refused = status.counts.refused;
  const uncertain = status.uncertain;
  const warnings = warningsOf(status, now);
  const tone: StatusTone =
    link === 'key_rejected' || status.storageProblem || status.integrity.problem
      ? 'error'
      : link !== 'online' || refused > 0 || warnings.length > 0
        ? 'warning'
        : 'ok';
  const lastError =
    status.lastError === null
      ? null
      : {
          message: status.lastError.message,
          when:
            status.lastError.at === null
              ? 'earlier'
              : relativeTime(Math.min(status.lastError.at, now), now),
          past:
            status.lastSuccessAt !== null &&
            (status.lastError.at === null || status.lastSuccessAt > status.lastError.at),
        };
  const nextAttempt =
    waiting === 0
      ? 'nothing waiting'
      : link === 'key_rejected'
        ? 'once a new key is set'
        : link === 'offline'
          ? 'when the platform answers again'
          : status.nextAttemptAt === null || status.nextAttemptAt - now < 1000
            ? 'now'
            : relativeTime(status.nextAttemptAt, now);
  const mode = status.mode === 'sandbox' ? 'sandbox, ' : '';
  const short =
    `Tillsync: ${mode}${SHORT_LINK[link]}, ${waiting} waiting` +
    (refused > 0 ? `, ${refused} to fix` : '') +
    (uncertain > 0 ? `, ${uncertain} uncertain` : '');
  return {
    link,
    tone,
    sandbox: status.mode === 'sandbox',
    waiting,
    refused,
    uncertain,
    headline: headlineOf(link, { waiting, refused, uncertain }, silence(status, now)),
    short,
    // Past events read as past even on a screen whose clock lags a second behind.
    lastSuccess:
      status.lastSuccessAt === null
        ? 'never'
        : relativeTime(Math.min(status.lastSuccessAt, now), now),
    nextAttempt,
    lastError,
    warnings,
    shift: shiftLine(status.shift, now, timeZone),
  };
}

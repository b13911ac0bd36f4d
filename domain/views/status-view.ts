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
// The words come from the catalog (area sync) in the reader's language, English when none is
// given (the rules above are checked in English). Pure and free of Node, so the renderer
// imports it as well.
import { linkAt, ONLINE_WINDOW_MS, type LinkState } from '../link.js';
import { shownTime } from './local-time.js';
import { english, type Translator } from '../i18n/messages.js';
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

type Measure = { unit: 's' | 'min' | 'h' | 'days'; count: number };

/** A duration's unit and count, rounded the way a cashier reads it. */
function measure(ms: number): Measure {
  const seconds = Math.round(Math.abs(ms) / 1000);
  if (seconds < 90) return { unit: 's', count: seconds };
  if (seconds < 5400) return { unit: 'min', count: Math.round(seconds / 60) };
  if (seconds < 172_800) return { unit: 'h', count: Math.round(seconds / 3600) };
  return { unit: 'days', count: Math.round(seconds / 86_400) };
}

/** A duration in words a cashier reads: "4 s", "3 min", "2 h", "5 days". */
export function duration(ms: number, words: Translator = english): string {
  return words.t('sync.duration', measure(ms));
}

/** A moment relative to now, in the right tense: "2 min ago", "in 4 s", "just now". */
export function relativeTime(at: number, now: number, words: Translator = english): string {
  const ms = at - now;
  if (Math.abs(ms) < 1000) return words.t(ms <= 0 ? 'sync.time.justNow' : 'sync.time.inAMoment');
  // The tense is in the message: some languages inflect the unit after "ago" (vor 5 Tagen).
  return words.t(ms < 0 ? 'sync.time.ago' : 'sync.time.in', measure(ms));
}

const yes = (flag: boolean) => (flag ? 'yes' : 'no');

/**
 * The shift in words: "Open since 21/11/2026, 09:02:10 (2 h ago), opened by Ann; float
 * counted." The time is in the reader's locale and the till's zone (the runtime's if not given).
 */
export function shiftLine(
  shift: ShiftSummary | null,
  now: number,
  timeZone?: string,
  words: Translator = english,
): string {
  if (!shift) return words.t('sync.shift.none');
  return words.t('sync.shift.line', {
    closing: yes(shift.state === 'closing'),
    time: shownTime(shift.openedAt, timeZone, words.locale),
    ago: relativeTime(Math.min(shift.openedAt, now), now, words),
    named: yes(Boolean(shift.openedBy)),
    cashier: shift.openedBy ?? '',
    float: shift.floatCounted ? 'counted' : 'not_counted',
  });
}

function warningsOf(status: StatusInput, now: number, words: Translator): string[] {
  const { t } = words;
  const warnings: string[] = [];
  if (status.integrity.problem)
    warnings.push(t('sync.warning.damaged', { problem: status.integrity.problem }));
  if (status.storageProblem)
    warnings.push(t('sync.warning.storage', { problem: status.storageProblem.message }));
  if (status.uncertain > 0)
    warnings.push(
      t('sync.warning.uncertain', { count: status.uncertain, honoured: yes(status.keysHonoured) }),
    );
  if (status.stale > 0) warnings.push(t('sync.warning.stale', { count: status.stale }));
  if (status.clockStep)
    warnings.push(
      t('sync.warning.clockStep', {
        duration: duration(status.clockStep.ms, words),
        when: relativeTime(status.clockStep.at, now, words),
      }),
    );
  if (status.clockSkewMs)
    warnings.push(
      t('sync.warning.clockSkew', {
        duration: duration(status.clockSkewMs, words),
        direction: status.clockSkewMs > 0 ? 'behind' : 'ahead',
      }),
    );
  if (status.throttledUntil && status.throttledUntil > now)
    warnings.push(
      t('sync.warning.throttled', { when: relativeTime(status.throttledUntil, now, words) }),
    );
  return warnings;
}

/** How long the platform has been silent, when it answered once and not lately. */
function silence(status: StatusInput, now: number, words: Translator): string {
  const age = status.lastContactAt === null ? null : now - status.lastContactAt;
  return age !== null && age > ONLINE_WINDOW_MS
    ? words.t('sync.silence.for', { duration: duration(age, words) })
    : words.t('sync.silence.yet');
}

function headlineOf(
  link: LinkState,
  counts: { waiting: number; refused: number; uncertain: number },
  silent: string,
  words: Translator,
): string {
  const { t } = words;
  const { waiting, refused, uncertain } = counts;
  const needsYou = refused === 0 ? '' : ` ${t('sync.headline.needsYou', { count: refused })}`;
  const doubt = uncertain === 0 ? '' : ` ${t('sync.headline.doubt', { count: uncertain })}`;
  switch (link) {
    case 'not_configured':
      return t('sync.headline.notConfigured', { count: waiting });
    case 'key_rejected':
      return `${t('sync.headline.keyRejected', { count: waiting })}${needsYou}`;
    case 'offline':
      return `${t('sync.headline.offline', { count: waiting })}${needsYou}`;
    case 'checking':
      return `${t('sync.headline.checking', { silence: silent, count: waiting })}${needsYou}${doubt}`;
    case 'online': {
      const sending =
        waiting > 0
          ? t('sync.headline.sending', { count: waiting })
          : refused === 0
            ? t('sync.headline.allSent')
            : t('sync.headline.othersSent');
      return `${sending}${needsYou}${doubt}`;
    }
  }
}

export function viewStatus(
  status: StatusInput,
  now: number,
  timeZone?: string,
  words: Translator = english,
): StatusView {
  const { t } = words;
  const link = linkAt(status, now);
  const waiting = waitingOf(status.counts);
  const refused = status.counts.refused;
  const uncertain = status.uncertain;
  const warnings = warningsOf(status, now, words);
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
              ? t('sync.time.earlier')
              : relativeTime(Math.min(status.lastError.at, now), now, words),
          past:
            status.lastSuccessAt !== null &&
            (status.lastError.at === null || status.lastSuccessAt > status.lastError.at),
        };
  const nextAttempt =
    waiting === 0
      ? t('sync.next.nothing')
      : link === 'key_rejected'
        ? t('sync.next.newKey')
        : link === 'offline'
          ? t('sync.next.whenBack')
          : status.nextAttemptAt === null || status.nextAttemptAt - now < 1000
            ? t('sync.next.now')
            : relativeTime(status.nextAttemptAt, now, words);
  const short = t('sync.short', {
    sandbox: yes(status.mode === 'sandbox'),
    link,
    waiting,
    refused,
    uncertain,
  });
  return {
    link,
    tone,
    sandbox: status.mode === 'sandbox',
    waiting,
    refused,
    uncertain,
    headline: headlineOf(link, { waiting, refused, uncertain }, silence(status, now, words), words),
    short,
    // Past events read as past even on a screen whose clock lags a second behind.
    lastSuccess:
      status.lastSuccessAt === null
        ? t('sync.time.never')
        : relativeTime(Math.min(status.lastSuccessAt, now), now, words),
    nextAttempt,
    lastError,
    warnings,
    shift: shiftLine(status.shift, now, timeZone, words),
  };
}

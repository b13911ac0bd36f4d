// The rules every status a person sees must satisfy (see main/contract/status-view.ts),
// as a checker the property test and the browser tests share. Returns what was broken.
import { ONLINE_WINDOW_MS, viewStatus, type StatusInput } from '../../main/contract/status-view.js';

const tenseOf = (text: string) =>
  text.endsWith(' ago') || text === 'just now'
    ? 'past'
    : text.startsWith('in ')
      ? 'future'
      : 'other';

export function statusRuleViolations(status: StatusInput, now: number): string[] {
  const view = viewStatus(status, now);
  const broken: string[] = [];
  const rule = (holds: boolean, text: string) => holds || broken.push(text);
  rule(
    view.waiting === status.counts.pending + status.counts.sending,
    'waiting must count pending and sending',
  );
  if (view.link === 'online') {
    rule(
      status.lastContactAt !== null && now - status.lastContactAt <= ONLINE_WINDOW_MS,
      'online without a recent answer from the platform',
    );
    rule(
      status.connection !== 'offline' && status.connection !== 'authorization',
      `online while the connection is ${status.connection}`,
    );
  }
  if (status.counts.conflict > 0) rule(view.tone !== 'ok', 'green with a refused sale');
  if (status.uncertain > 0) rule(view.tone !== 'ok', 'green with a sale in doubt');
  if (status.clockStep || status.clockSkewMs)
    rule(view.tone !== 'ok', 'green with a clock warning');
  if (/every sale has been sent/.test(view.headline))
    rule(
      view.waiting === 0 && view.link === 'online',
      '"every sale has been sent" while sales wait or the platform is not known to answer',
    );
  // A success is in the past, even one stored before the clock stepped back.
  rule(tenseOf(view.lastSuccess) !== 'future', `last success reads "${view.lastSuccess}"`);
  if (status.lastSuccessAt !== null && status.lastSuccessAt <= now - 1000)
    rule(view.lastSuccess.endsWith(' ago'), `last success reads "${view.lastSuccess}"`);
  rule(tenseOf(view.nextAttempt) !== 'past', `next attempt reads "${view.nextAttempt}"`);
  if (view.lastError) {
    const later =
      status.lastSuccessAt !== null &&
      (status.lastError?.at === null || status.lastSuccessAt > (status.lastError?.at ?? 0));
    rule(view.lastError.past === later, 'the last error is past exactly when a success came later');
  }
  if (status.uncertain > 0)
    rule(
      view.warnings.some((warning) => warning.includes('may already be on the platform')),
      'sales in doubt not shown',
    );
  return broken;
}

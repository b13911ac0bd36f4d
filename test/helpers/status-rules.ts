// The rules every status a person sees must satisfy (see domain/views/status-view.ts and
// domain/link.ts), as a checker the property test and the browser tests share: among them,
// that the status as read (`status --json`), its view (the text, the banner), the metrics
// and a screen left without news agree on the link. Returns what was broken.
import { ONLINE_WINDOW_MS } from '../../domain/link.js';
import { viewStatus, type StatusInput } from '../../domain/views/status-view.js';
import { statusReadings } from '../../main/metrics/till-figures.js';

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
  rule(view.link === status.link, `read as ${status.link}, viewed as ${view.link}`);
  const online = statusReadings(status, now).find((reading) => reading.gauge === 'online');
  rule(online?.value === (view.link === 'online' ? 1 : 0), `tillsync_online is ${online?.value}`);
  if (view.link === 'online') {
    rule(
      status.lastContactAt !== null && now - status.lastContactAt <= ONLINE_WINDOW_MS,
      'online without a recent answer from the platform',
    );
    rule(status.paused === null, 'online while the key is refused');
  }
  if (status.paused && status.mode !== 'not_configured')
    rule(view.link === 'key_rejected', `a refused key shown as ${view.link}`);
  if (view.link === 'key_rejected') rule(status.apiKey.set, '"Key rejected" while no key is set');
  // A screen that hears nothing more for longer than the window no longer says online.
  const unheard = viewStatus(status, now + ONLINE_WINDOW_MS + 10_000).link;
  rule(unheard !== 'online', 'still online 100 s after the last news');
  if (status.counts.refused > 0) rule(view.tone !== 'ok', 'green with a refused sale');
  if (status.uncertain > 0) rule(view.tone !== 'ok', 'green with an uncertain sale');
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
      'uncertain sales not shown',
    );
  return broken;
}

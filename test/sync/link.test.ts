// The one link rule (domain/link.ts) and the words the status view puts around it: a
// status read at one moment and a screen that keeps showing it later say the same, except
// that "online" lapses to "checking" once the last answer is older than the window.
import { describe, expect, it } from 'vitest';
import { linkAt, linkFrom, ONLINE_WINDOW_MS, type LinkFacts } from '../../domain/link.js';
import type { SyncStatus } from '../../domain/sync-status.js';
import { sentence } from '../../domain/words.js';
import { viewStatus } from '../../domain/views/status-view.js';
import { statusReadings } from '../../main/metrics/till-figures.js';

const T0 = 1_800_000_000_000;
const facts = (overrides: Partial<LinkFacts> = {}): LinkFacts => ({
  mode: 'platform',
  keyRefused: false,
  unreachable: false,
  lastContactAt: T0,
  ...overrides,
});

/** A status as `readSyncStatus` gives it, read at T0 from these facts. */
function statusFrom(given: Partial<LinkFacts>, counts: Partial<SyncStatus['counts']> = {}) {
  const f = facts(given);
  const status: SyncStatus = {
    mode: f.mode,
    baseUrl: 'https://api.example.com',
    apiKey: { set: true, kind: 'opaque' },
    link: linkFrom(f, T0),
    paused: f.keyRefused ? { reason: 'HTTP 401: malformed', since: T0 } : null,
    counts: { pending: 0, sending: 0, synced: 3, refused: 0, discarded: 0, voided: 0, ...counts },
    stale: 0,
    uncertain: 0,
    keysHonoured: true,
    oldestPendingAgeMs: null,
    lastSuccessAt: T0,
    lastContactAt: f.lastContactAt,
    nextAttemptAt: null,
    throttledUntil: null,
    lastError: null,
    clockSkewMs: null,
    clockStep: null,
    storageProblem: null,
    integrity: { checkedAt: null, problem: null },
    sender: 'none',
    shift: null,
  };
  return status;
}

const onlineGauge = (status: SyncStatus, now: number) =>
  statusReadings(status, now).find((reading) => reading.gauge === 'online')?.value;

describe('the link to the platform', () => {
  it('is read from the facts in one order: no platform, a refused key, unreachable, then the last answer', () => {
    expect(linkFrom(facts({ mode: 'not_configured', keyRefused: true }), T0)).toBe(
      'not_configured',
    );
    expect(linkFrom(facts({ keyRefused: true, unreachable: true }), T0)).toBe('key_rejected');
    expect(linkFrom(facts({ unreachable: true }), T0)).toBe('offline');
    expect(linkFrom(facts(), T0 + ONLINE_WINDOW_MS)).toBe('online');
    expect(linkFrom(facts(), T0 + ONLINE_WINDOW_MS + 1)).toBe('checking');
    expect(linkFrom(facts({ lastContactAt: null }), T0)).toBe('checking');
    // An answer stored "in the future" (the clock stepped back since) is not evidence.
    expect(linkFrom(facts({ lastContactAt: T0 + 60_000 }), T0)).toBe('checking');
  });

  it('shown later without news: online lapses to checking; nothing else changes by itself', () => {
    const online = statusFrom({});
    expect(online.link).toBe('online');
    expect(linkAt(online, T0 + 30_000)).toBe('online');
    expect(linkAt(online, T0 + 100_000)).toBe('checking');
    for (const given of [{ keyRefused: true }, { unreachable: true }, { lastContactAt: null }]) {
      const status = statusFrom(given);
      expect(linkAt(status, T0 + 100_000)).toBe(status.link);
    }
    // A contact "in the future" does not turn a screen green as its clock catches up.
    expect(linkAt(statusFrom({ lastContactAt: T0 + 60_000 }), T0 + 60_000)).toBe('checking');
  });

  it('is the same word in the status as read, the banner, the text and the metrics, then and 100 s later', () => {
    const status = statusFrom({}, { pending: 2 });
    const now = viewStatus(status, T0);
    expect(now.link).toBe(status.link);
    expect(now.headline).toBe('Online: sending 2 sales.');
    expect(onlineGauge(status, T0)).toBe(1);
    const later = viewStatus(status, T0 + 100_000);
    expect(later.link).toBe('checking');
    expect(later.headline).toBe(
      'Checking the platform: no answer for 2 min. Keep selling; 2 waiting.',
    );
    expect(later.tone).toBe('warning');
    expect(onlineGauge(status, T0 + 100_000)).toBe(0);
  });

  it('says "Key rejected" in red for a refused key, and the metrics say not online and paused', () => {
    const status = statusFrom({ keyRefused: true });
    const view = viewStatus(status, T0);
    expect(view).toMatchObject({ link: 'key_rejected', tone: 'error' });
    expect(view.headline).toMatch(/^Key rejected: the platform refused the API key/);
    expect(onlineGauge(status, T0)).toBe(0);
    expect(statusReadings(status, T0)).toContainEqual({ gauge: 'queuePaused', value: 1 });
  });

  it('promises no sending of zero sales while offline', () => {
    expect(viewStatus(statusFrom({ unreachable: true }), T0).headline).toBe(
      'Offline: the platform cannot be reached. Keep selling; sales are kept on this till and sent when it is back.',
    );
    expect(viewStatus(statusFrom({ unreachable: true }, { pending: 1 }), T0).headline).toMatch(
      /Keep selling; 1 sale will be sent when it is back\.$/,
    );
  });
});

describe('words', () => {
  it('end a quoted reason as a sentence', () => {
    expect(sentence('HTTP 401: malformed')).toBe('HTTP 401: malformed.');
    expect(sentence('The key was revoked.')).toBe('The key was revoked.');
    expect(sentence('Cut short…')).toBe('Cut short…');
  });
});

import { describe, expect, it } from 'vitest';
import { syncTuningSchema } from '../../main/config/agent-config.js';
import type { Answer } from '../../main/sync/classify.js';
import { decide, type Decision, type DecisionInput } from '../../main/sync/decide.js';

const NOW = Date.UTC(2026, 10, 21, 12, 0, 0);
const tuning = syncTuningSchema.parse({ backoffBaseMs: 1000, backoffCapMs: 300_000 });
const response = (status: number, headers: Record<string, string> = {}, body = ''): Answer => ({
  kind: 'response',
  status,
  headers: new Headers(headers),
  body,
});
const reset = (sent: boolean): Answer => ({
  kind: 'network',
  code: sent ? 'ECONNRESET' : 'ECONNREFUSED',
  message: 'x',
  sent,
});

const input = (answer: Answer, over: Partial<DecisionInput> = {}): DecisionInput => ({
  answer,
  history: { attempts: 0, unexpectedAttempts: 0, uncertain: false },
  tuning,
  now: NOW,
  jitter: 0.5,
  triesInPlace: 0,
  keysHonoured: false,
  keyCurrent: true,
  ...over,
});

type Row = [string, DecisionInput, Partial<Decision>];

const table: Row[] = [
  [
    '201: synced, counted',
    input(response(201, {}, '{"id":"s1"}')),
    { outcome: 'synced', state: 'synced', countsAttempt: true, platformId: 's1', uncertain: false },
  ],
  [
    '201 after an unanswered attempt, keys not known honoured: still uncertain',
    input(response(201), { history: { attempts: 1, unexpectedAttempts: 0, uncertain: true } }),
    { state: 'synced', uncertain: true },
  ],
  [
    '201 replayed: proves one copy, and teaches that keys are honoured',
    input(response(201, { 'idempotent-replayed': 'true' }), {
      history: { attempts: 1, unexpectedAttempts: 0, uncertain: true },
    }),
    { state: 'synced', uncertain: false, learnedKeysHonoured: true },
  ],
  [
    '201 from a platform known to honour keys clears doubt',
    input(response(201), {
      keysHonoured: true,
      history: { attempts: 1, unexpectedAttempts: 0, uncertain: true },
    }),
    { uncertain: false, learnedKeysHonoured: false },
  ],
  [
    '422: parked for a person',
    input(response(422)),
    { outcome: 'refused', state: 'refused', errorCode: 'http_422', nextAttemptAt: null },
  ],
  [
    '422 after an unanswered attempt: parked and still uncertain',
    input(response(422), { history: { attempts: 1, unexpectedAttempts: 0, uncertain: true } }),
    { state: 'refused', uncertain: true },
  ],
  [
    '401 for the key in use: the queue pauses, no attempt spent',
    input(response(401)),
    {
      outcome: 'paused',
      state: 'pending',
      pauseKey: true,
      countsAttempt: false,
      nextAttemptAt: NOW,
    },
  ],
  [
    '401 for a key replaced meanwhile: no pause, sent again with the new key',
    input(response(401), { keyCurrent: false }),
    { outcome: 'released', pauseKey: false, state: 'pending', nextAttemptAt: NOW },
  ],
  [
    '429 with Retry-After 30: the whole queue waits 30 s, the sale too',
    input(response(429, { 'retry-after': '30' })),
    {
      outcome: 'retry',
      state: 'pending',
      queueWaitMs: 30_000,
      nextAttemptAt: NOW + 30_000,
      retryInPlaceMs: null,
    },
  ],
  [
    '503 with Retry-After: a queue-wide wait',
    input(response(503, { 'retry-after': '5' })),
    { queueWaitMs: 5000 },
  ],
  [
    '500 with Retry-After: this sale only',
    input(response(500, { 'retry-after': '5' })),
    { queueWaitMs: null, nextAttemptAt: NOW + 5000 },
  ],
  [
    '503 without Retry-After: backoff, retried in place (short)',
    input(response(503)),
    { outcome: 'retry', state: 'sending', retryInPlaceMs: 500, nextAttemptAt: NOW + 500 },
  ],
  [
    'third try in place: back to the queue',
    input(response(503), { triesInPlace: 2 }),
    { state: 'pending', retryInPlaceMs: null },
  ],
  [
    'connection reset after sending: unanswered, uncertain',
    input(reset(true)),
    { outcome: 'unanswered', unanswered: true, uncertain: true, countsAttempt: true },
  ],
  [
    'refused before sending: offline, not uncertain, not in place',
    input(reset(false)),
    {
      outcome: 'retry',
      unanswered: false,
      uncertain: false,
      retryInPlaceMs: null,
      state: 'pending',
    },
  ],
  [
    'timeout after sending: unanswered, uncertain',
    input({ kind: 'timeout', sent: true }),
    { outcome: 'unanswered', uncertain: true },
  ],
  [
    'stopped after sending: back to the queue, uncertain',
    input({ kind: 'aborted', sent: true }),
    { outcome: 'unanswered', state: 'pending', uncertain: true, countsAttempt: false },
  ],
  [
    'stopped before sending: back to the queue as it was',
    input({ kind: 'aborted', sent: false }),
    { outcome: 'released', uncertain: false, unanswered: false },
  ],
  [
    'park policy: an unanswered attempt to a platform not known to honour keys is parked',
    input(reset(true), { tuning: { ...tuning, uncertainSales: 'park' } }),
    { outcome: 'refused', state: 'refused', errorCode: 'uncertain', uncertain: true },
  ],
  [
    'park policy, keys honoured: retried, no doubt possible',
    input(reset(true), { tuning: { ...tuning, uncertainSales: 'park' }, keysHonoured: true }),
    { outcome: 'unanswered', state: 'sending' },
  ],
  [
    '501 at the unexpected cap: parked',
    input(response(501), {
      history: {
        attempts: 12,
        unexpectedAttempts: tuning.maxUnexpectedAttempts - 1,
        uncertain: false,
      },
    }),
    { outcome: 'refused', unexpected: true },
  ],
  [
    '302 after nine 503s: retried (503s are not unexpected)',
    input(response(302), { history: { attempts: 9, unexpectedAttempts: 0, uncertain: false } }),
    { outcome: 'retry', unexpected: true },
  ],
  [
    'backoff grows with attempts (full jitter, capped)',
    input(response(500), { history: { attempts: 5, unexpectedAttempts: 0, uncertain: false } }),
    { nextAttemptAt: NOW + 0.5 * 32_000, state: 'pending' },
  ],
];

describe('the delivery decision (a pure table)', () => {
  it.each(table)('%s', (_name, given, expected) => {
    expect(decide(given)).toMatchObject(expected);
  });

  it('is a pure function: the same input gives the same decision', () => {
    for (const [, given] of table) expect(decide(given)).toEqual(decide(given));
  });
});

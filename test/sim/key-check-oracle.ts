// What a till's check of its key must make of the platform's answer to the empty sale it
// posts (main/sync/key-check.ts), read from the platform's side: a refused key, a key taken
// (the sale itself refused as invalid), a wrong address, an unreachable platform, or an
// answer that says nothing of the key; the code it keeps; whether the till is offline; and
// when it asked and how long the answer took.
import type { KeyCheckResult } from '../../main/sync/key-check.js';
import type { HeardAnswer } from './answer-record.js';
import { isUnreachable } from './offline-watch.js';

function expectedVerdict(answer: HeardAnswer['answer']) {
  if (answer.kind !== 'response')
    return {
      verdict: 'unreachable',
      code: answer.kind === 'network' ? `network_${answer.code}` : answer.kind,
      offline: isUnreachable(answer),
    };
  const { status } = answer;
  const success = status >= 200 && status < 300;
  const verdict = [401, 403].includes(status)
    ? 'refused'
    : [400, 422].includes(status)
      ? 'accepted'
      : status === 404
        ? 'wrong_address'
        : 'unclear';
  return { verdict, code: success ? 'empty_sale_accepted' : `http_${status}`, offline: false };
}

/** What is wrong with a key check's result; undefined when it says what the platform said. */
export function keyCheckProblem(
  checked: KeyCheckResult,
  heard: HeardAnswer | undefined,
): string | undefined {
  if (!heard) return `a key check reports an answer no request got (asked at ${checked.startedAt})`;
  const expected = expectedVerdict(heard.answer);
  const { judged } = checked;
  const answered = heard.answer.kind === 'response' ? heard.answer.status : heard.answer.kind;
  if (judged.verdict !== expected.verdict)
    return `a key check answered ${answered} was judged ${judged.verdict}, not ${expected.verdict}`;
  if (judged.code !== expected.code)
    return `a key check answered ${answered} keeps the code ${judged.code}, not ${expected.code}`;
  if (judged.offline !== expected.offline)
    return `a key check answered ${answered} says offline: ${judged.offline}`;
  if (!judged.reason) return `a key check answered ${answered} gives a person no reason`;
  // In whole milliseconds, as the till says it (a wait of a fraction of a second, a
  // Retry-After of "160.5", leaves the world's times in fractions: seed 3388).
  const took = Math.round(heard.at - heard.sentAt);
  if (checked.tookMs !== took) return `a key check took ${took} ms, and says ${checked.tookMs}`;
  return undefined;
}

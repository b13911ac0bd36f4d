// What a CLI test expects of an answer: data on standard output with only the till's line
// on standard error, or a refusal that names the problem, says nothing was written, and
// prints no data.
import { expect } from 'vitest';
import type { CliRun } from './cli.js';

/** The JSON answer; only the till's line on standard error, when the output is data. */
export const jsonAnswer = <T>(run: CliRun): T => {
  expect(run.stderr).toMatch(
    /^(Till: platform mode \(http:\/\/127\.0\.0\.1:9\), .*tillsync\.db\.\n)?$/,
  );
  expect(run.code).toBe(0);
  return JSON.parse(run.stdout) as T;
};

/** A refusal: its exit code and message, "Nothing was written.", and no data. */
export const refusedAnswer = (run: CliRun, code: number, message: RegExp) => {
  expect(run.code).toBe(code);
  expect(run.stderr).toMatch(message);
  expect(run.stderr).toMatch(/Nothing was written\./);
  expect(run.stdout).toBe('');
};

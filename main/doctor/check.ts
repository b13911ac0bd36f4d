// One finding of `tillsync doctor`: what was checked, how it stands, and what to do. Its
// detail and fix are English (the JSON report and logs); made with `said`, they also carry
// their catalog key, so the text report says them in the till's language.
import type { Said } from '../../domain/result.js';

export type CheckStatus = 'ok' | 'warn' | 'fail';

export interface Check {
  /** What was checked, like "platform" or "database". */
  area: string;
  status: CheckStatus;
  detail: string;
  /** What to do about it; set for every warning and failure. */
  fix?: string;
  /**
   * The detail's and the fix's keys, when made with `said`: not enumerable, so the JSON
   * report (and anything comparing checks) sees only area, status, detail and fix.
   */
  readonly say?: { detail?: Said; fix?: Said };
}

/** A detail or a fix: English text, or `said(...)` (English with its key). */
export type CheckText = string | { message: string; say?: Said };

const english = (text: CheckText) => (typeof text === 'string' ? text : text.message);
const keyOf = (text: CheckText | undefined) =>
  text === undefined || typeof text === 'string' ? undefined : text.say;

function check(area: string, status: CheckStatus, detail: CheckText, fix?: CheckText): Check {
  const made: Check = { area, status, detail: english(detail) };
  if (fix !== undefined) made.fix = english(fix);
  const say = { detail: keyOf(detail), fix: keyOf(fix) };
  if (say.detail || say.fix) Object.defineProperty(made, 'say', { value: say, enumerable: false });
  return made;
}

export const ok = (area: string, detail: CheckText): Check => check(area, 'ok', detail);
export const warn = (area: string, detail: CheckText, fix: CheckText): Check =>
  check(area, 'warn', detail, fix);
export const failed = (area: string, detail: CheckText, fix: CheckText): Check =>
  check(area, 'fail', detail, fix);

// Messages made in English with their catalog key, so whoever shows them (a screen, the CLI)
// can say them in the till's language while JSON output and logs keep the English text.
import type { z } from 'zod';
import type { Said } from '../result.js';
import { english, type MessageKey } from './messages.js';

type SaidValues = NonNullable<Said['values']>;

/**
 * An error's words: spread into an AppError, `{ code: 'x', ...said('errors.x', {...}) }`. A
 * value may be a Said itself (a problem quoted inside another message).
 */
export function said(key: MessageKey, values?: SaidValues): { message: string; say: Said } {
  const say = values ? { key, values } : { key };
  return { message: english.say({ message: '', say }), say };
}

// zod keeps only a message's text; the key of each field message a schema declares is found
// again by its English text (a schema's messages are constants, so this map stays small).
const fieldKeys = new Map<string, Said>();

/** A field message for a zod schema: English text whose key is remembered (see saidOfField). */
export function fieldSays(
  key: MessageKey,
  values?: Record<string, string | number | boolean>,
): string {
  const text = english.t(key, values);
  fieldKeys.set(text, values ? { key, values } : { key });
  return text;
}

/** The key of a field message made by fieldSays, found by its English text. */
export const saidOfField = (message: string): Said | undefined => fieldKeys.get(message);

/**
 * A zod issue's message with its catalog key: from a custom issue's `params.say` (a message
 * whose values vary, like a total), else from the schema's fieldSays.
 */
export function saidOfIssue(issue: z.core.$ZodIssue): { message: string; say?: Said } {
  const given = issue.code === 'custom' ? (issue.params?.say as Said | undefined) : undefined;
  const say = given ?? saidOfField(issue.message);
  return say ? { message: issue.message, say } : { message: issue.message };
}

/**
 * A custom zod issue's words whose values vary per input (a total, a line number): spread
 * into the issue, `{ code: 'custom', path, input, ...saidIssue('field.x', { n }) }`;
 * db/field-errors.ts reads the key back from `params.say` (saidOfIssue).
 */
export function saidIssue(
  key: MessageKey,
  values?: SaidValues,
): { message: string; params: { say: Said } } {
  const { message, say } = said(key, values);
  return { message, params: { say } };
}

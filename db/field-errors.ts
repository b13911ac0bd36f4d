// Turns zod issues into field errors with JSON Pointer paths (RFC 6901), one per bad
// field, so every boundary reports bad input the same way.
import type { z } from 'zod';
import { invalidFields, type AppError, type FieldError } from '../domain/result.js';
import { said, saidOfIssue } from '../domain/i18n/said.js';

export function toPointer(path: ReadonlyArray<PropertyKey>): string {
  return path.map((part) => '/' + String(part).replace(/~/g, '~0').replace(/\//g, '~1')).join('');
}

/** One error per field: the first problem zod found there, which is the most basic one. */
export function fieldErrorsFrom(error: z.ZodError): FieldError[] {
  const all = error.issues.flatMap((issue): FieldError[] => {
    if (issue.code === 'unrecognized_keys') {
      return issue.keys.map((key) => ({
        path: toPointer([...issue.path, key]),
        ...said('field.notAKnownField'),
      }));
    }
    return [{ path: toPointer(issue.path), ...saidOfIssue(issue) }];
  });
  const seen = new Set<string>();
  return all.filter((field) => !seen.has(field.path) && seen.add(field.path));
}

/**
 * An `invalid_input` error naming each bad field (its subject English, or `said(...)`), e.g.
 * "The sale is not valid: /items/0/price: must not be negative".
 */
export function invalidInput(
  subject: Parameters<typeof invalidFields>[0],
  error: z.ZodError,
): AppError {
  return invalidFields(subject, fieldErrorsFrom(error));
}

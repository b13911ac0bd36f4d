// The refusals tests read in several languages: the till's words in German, French and
// Spanish, and the error of a result that must be a refusal.
import { translator } from '../../domain/i18n/messages.js';
import type { AppError, Result } from '../../domain/result.js';

export const german = translator('de-DE');
export const french = translator('fr-FR');
export const spanish = translator('es-ES');

/** The error of a result that must be a refusal. */
export function refusal(result: Result<unknown>): AppError {
  if (result.ok) throw new Error('expected a refusal');
  return result.error;
}

// What the till's rules refused, said for the command line: the option each bad field came
// from, what to type instead of tapping the PIN pad, and an exit code by kind of refusal.
import type { MessageKey, Translator } from '../../domain/i18n/messages.js';
import type { AppError, Result } from '../../domain/result.js';
import { EXIT } from './exit-codes.js';
import { CliError } from './io.js';

const EXIT_BY_CODE: Readonly<Record<string, number>> = {
  invalid_input: EXIT.invalidInput,
  not_found: EXIT.invalidInput,
  sign_in_required: EXIT.notAllowed,
  manager_required: EXIT.notAllowed,
  wrong_pin: EXIT.notAllowed,
  cashier_locked: EXIT.notAllowed,
  last_manager: EXIT.notAllowed,
  no_shift: EXIT.shiftState,
  shift_open: EXIT.shiftState,
  not_voidable: EXIT.notVoidable,
  not_returnable: EXIT.notReturnable,
};

/** What to do on the command line, where the till's screen would show the PIN pad. */
const CLI_HINTS: Readonly<Record<string, MessageKey>> = {
  sign_in_required: 'cli.refusal.signInHint',
  manager_required: 'cli.refusal.managerHint',
  shift_open: 'cli.refusal.shiftOpenHint',
  no_shift: 'cli.refusal.noShiftHint',
};

/** Field paths of the store's input, as the options a person typed (/amountMinor → AMOUNT). */
export type OptionNames = Readonly<Record<string, string>>;

/**
 * The error as a CliError in the till's words: its message, each bad field under its
 * option's name, and, for a command that writes, "Nothing was written."
 */
export function refusal(
  error: AppError,
  words: Translator,
  options: OptionNames = {},
  writes = true,
): CliError {
  const lines =
    error.code === 'invalid_input' && error.fields?.length
      ? [
          `${words.say({ message: error.summary ?? error.message, say: error.say })}:`,
          ...error.fields.map(
            (field) =>
              `  ${options[field.path] ?? (field.path || words.t('cli.refusal.theInput'))} ${words.say(field)}`,
          ),
        ]
      : [words.error(error)];
  if (error.code === 'sign_in_required') lines.splice(0, 1);
  const hint = CLI_HINTS[error.code];
  if (hint) lines.push(words.t(hint));
  if (writes) lines.push(words.t('cli.refusal.nothingWritten'));
  return new CliError(lines.join('\n'), EXIT_BY_CODE[error.code] ?? EXIT.failure);
}

/** The value, or a refusal thrown in `words`. */
export function accepted<T>(
  result: Result<T>,
  words: Translator,
  options?: OptionNames,
  writes?: boolean,
): T {
  if (!result.ok) throw refusal(result.error, words, options, writes);
  return result.value;
}

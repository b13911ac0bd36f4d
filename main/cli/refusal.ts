// What the till's rules refused, said for the command line: the option each bad field came
// from, what to type instead of tapping the PIN pad, and an exit code by kind of refusal.
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
const CLI_HINTS: Readonly<Record<string, string>> = {
  sign_in_required:
    'This till has cashiers: say who you are with --cashier NAME (PIN from TILLSYNC_PIN or the prompt).',
  manager_required:
    'Add --manager NAME for a manager approving it (PIN from TILLSYNC_MANAGER_PIN or the prompt), or act as a manager with --cashier.',
  shift_open: 'To count the cash and close it: `tillsync shift close --counted AMOUNT`.',
  no_shift: 'On the command line: `tillsync shift open --float AMOUNT`.',
};

/** Field paths of the store's input, as the options a person typed (/amountMinor → AMOUNT). */
export type OptionNames = Readonly<Record<string, string>>;

/**
 * The error as a CliError: its message, each bad field under its option's name, and, for a
 * command that writes, "Nothing was written."
 */
export function refusal(error: AppError, options: OptionNames = {}, writes = true): CliError {
  const lines =
    error.code === 'invalid_input' && error.fields?.length
      ? [
          `${error.summary ?? error.message}:`,
          ...error.fields.map(
            (field) => `  ${options[field.path] ?? (field.path || 'the input')} ${field.message}`,
          ),
        ]
      : [error.message];
  if (error.code === 'sign_in_required') lines.splice(0, 1);
  const hint = CLI_HINTS[error.code];
  if (hint) lines.push(hint);
  if (writes) lines.push('Nothing was written.');
  return new CliError(lines.join('\n'), EXIT_BY_CODE[error.code] ?? EXIT.failure);
}

/** The value, or a refusal thrown. */
export function accepted<T>(result: Result<T>, options?: OptionNames, writes?: boolean): T {
  if (!result.ok) throw refusal(result.error, options, writes);
  return result.value;
}

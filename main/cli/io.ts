// Small input/output helpers shared by the CLI commands.
import { readFile } from 'node:fs/promises';
import type { z } from 'zod';
import { fieldErrorsFrom } from '../../db/field-errors.js';
import type { Translator } from '../../domain/i18n/messages.js';
import { said } from '../../domain/i18n/said.js';
import { invalidFields, type AppError } from '../../domain/result.js';
import { EXIT } from './exit-codes.js';
import { messageOf } from '../../domain/errors.js';
import { terminalWords } from './words.js';

export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode: number = EXIT.failure,
  ) {
    super(message);
    this.name = 'CliError';
  }
}

export async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** JSON from a file, or from stdin when no file is given; a clear error when it is not JSON. */
export async function readJsonInput(file?: string, words = terminalWords()): Promise<unknown> {
  const source = file ?? words.t('cli.input.standardInput');
  let text: string;
  try {
    text = file ? await readFile(file, 'utf8') : await readStdin();
  } catch (error) {
    const reason = messageOf(error);
    throw new CliError(words.t('cli.input.cannotRead', { source, reason }), EXIT.invalidInput);
  }
  if (!text.trim()) {
    throw new CliError(words.t('cli.input.empty', { source }), EXIT.invalidInput);
  }
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    const reason = messageOf(error);
    throw new CliError(words.t('cli.input.notJson', { source, reason }), EXIT.invalidInput);
  }
}

export const printJson = (value: unknown) => process.stdout.write(JSON.stringify(value) + '\n');

/** Prints an AppError to stderr in `words`, one line per bad field. */
export function printError(error: AppError, words: Translator): void {
  const lines = error.fields?.length
    ? [
        `${words.say({ message: error.summary ?? error.message, say: error.say })}:`,
        ...error.fields.map((f) => `  ${f.path || words.t('cli.input.noPath')}: ${words.say(f)}`),
      ]
    : [words.say(error)];
  process.stderr.write(lines.join('\n') + '\n');
}

/** Options checked against their schema; every bad one printed, and exit 2. */
export function parseOptions<T extends z.ZodType>(
  schema: T,
  raw: unknown,
  words = terminalWords(),
): z.output<T> {
  const parsed = schema.safeParse(raw);
  if (parsed.success) return parsed.data;
  const fields = fieldErrorsFrom(parsed.error);
  printError(invalidFields(said('cli.options.notValid'), fields), words);
  throw new CliError('', EXIT.invalidInput);
}

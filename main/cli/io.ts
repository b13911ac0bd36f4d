// Small input/output helpers shared by the CLI commands.
import { readFile } from 'node:fs/promises';
import type { z } from 'zod';
import { invalidInput } from '../../db/field-errors.js';
import type { AppError } from '../../domain/result.js';
import { EXIT } from './exit-codes.js';
import { messageOf } from '../../domain/errors.js';

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
export async function readJsonInput(file?: string): Promise<unknown> {
  const source = file ?? 'standard input';
  let text: string;
  try {
    text = file ? await readFile(file, 'utf8') : await readStdin();
  } catch (error) {
    throw new CliError(`Cannot read ${source}: ${messageOf(error)}`, EXIT.invalidInput);
  }
  if (!text.trim()) {
    throw new CliError(`${source} is empty: expected one sale as JSON.`, EXIT.invalidInput);
  }
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new CliError(`${source} is not valid JSON (${messageOf(error)}).`, EXIT.invalidInput);
  }
}

export const printJson = (value: unknown) => process.stdout.write(JSON.stringify(value) + '\n');

/** Prints an AppError to stderr, one line per bad field. */
export function printError(error: AppError): void {
  const lines = error.fields?.length
    ? [
        `${error.summary ?? error.message}:`,
        ...error.fields.map((f) => `  ${f.path || '(input)'}: ${f.message}`),
      ]
    : [error.message];
  process.stderr.write(lines.join('\n') + '\n');
}

/** Options checked against their schema; every bad one printed, and exit 2. */
export function parseOptions<T extends z.ZodType>(schema: T, raw: unknown): z.output<T> {
  const parsed = schema.safeParse(raw);
  if (parsed.success) return parsed.data;
  printError(invalidInput('The options are not valid', parsed.error));
  throw new CliError('', EXIT.invalidInput);
}

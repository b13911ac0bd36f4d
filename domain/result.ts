// Results, not thrown errors, across boundaries (IPC, HTTP, CLI): a caller always gets
// either a value or an error with a stable code, a readable message and, for bad input,
// the fields at fault as data (a caller never has to take the message apart). The one
// Result type of the store, the agent, the contract and the UI: this folder is Node-free
// and imports nothing.

/**
 * What a message says as a catalog key and its values (domain/i18n), so a screen or the CLI can
 * say it in the till's language; `message` stays English, for JSON output and logs.
 */
export interface Said {
  key: string;
  /** A value may itself be said (a problem quoted inside "line 3: {problem}"). */
  values?: Record<string, string | number | boolean | Said>;
}

export interface FieldError {
  /** JSON Pointer to the field, like `/items/0/price`; `` for the whole input. */
  path: string;
  message: string;
  say?: Said;
}

export interface AppError {
  code: string;
  /** The whole story in one sentence, field list included, for a log or a one-line UI. */
  message: string;
  /** The sentence without the field list ("The sale is not valid"), when there is one. */
  summary?: string;
  /** The summary (or, without fields, the message) as a catalog key: see Said. */
  say?: Said;
  fields?: FieldError[];
}

/**
 * An invalid_input error from its summary and its fields (the message lists them). The summary
 * is English text, or English text with its catalog key (domain/i18n/said.ts `said`).
 */
export function invalidFields(
  summary: string | { message: string; say?: Said },
  fields: FieldError[],
): AppError {
  const { message, say } = typeof summary === 'string' ? { message: summary } : summary;
  const listed = fields.map((field) => `${field.path || '(input)'}: ${field.message}`);
  return {
    code: 'invalid_input',
    message: `${message}: ${listed.join('; ')}`,
    summary: message,
    ...(say ? { say } : {}),
    fields,
  };
}

export type Result<T, E extends AppError = AppError> =
  { ok: true; value: T } | { ok: false; error: E };

export const ok = <T>(value: T): { ok: true; value: T } => ({ ok: true, value });

export const fail = <E extends AppError>(error: E): { ok: false; error: E } => ({
  ok: false,
  error,
});

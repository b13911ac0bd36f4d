// Results, not thrown errors, across boundaries (IPC, HTTP, CLI): a caller always gets
// either a value or an error with a stable code, a readable message and, for bad input,
// the fields at fault (data, never packed into the message). The one Result type of the
// store, the agent, the contract and the UI: this folder is Node-free and imports nothing.

export interface FieldError {
  /** JSON Pointer to the field, like `/items/0/price`; `` for the whole input. */
  path: string;
  message: string;
}

export interface AppError {
  code: string;
  message: string;
  fields?: FieldError[];
}

export type Result<T, E extends AppError = AppError> =
  { ok: true; value: T } | { ok: false; error: E };

export const ok = <T>(value: T): { ok: true; value: T } => ({ ok: true, value });

export const fail = <E extends AppError>(error: E): { ok: false; error: E } => ({
  ok: false,
  error,
});

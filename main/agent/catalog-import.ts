// A catalog file imported from the Settings screen: JSON as the store takes it, or CSV as a
// spreadsheet saves it, with each problem named by the file's own line.
import { messageOf } from '../../domain/errors.js';
import { said } from '../../domain/i18n/said.js';
import { fail, type FieldError, type Result } from '../../domain/result.js';
import { catalogFromCsv, CsvError } from '../catalog/catalog-csv.js';
import type { MethodOutput } from '../contract/contract.js';
import type { Input } from './handlers.js';
import type { Runtime } from './runtime.js';

export function importCatalog(
  runtime: Runtime,
  { format, text }: Input<'importCatalog'>,
): Result<MethodOutput<'importCatalog'>> {
  if (format === 'json') {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch (error) {
      return fail({
        code: 'invalid_input',
        ...said('errors.catalog.jsonNotValid', { problem: messageOf(error) }),
      });
    }
    return runtime.store.importCatalog(parsed);
  }
  let csv;
  try {
    csv = catalogFromCsv(text);
  } catch (error) {
    if (error instanceof CsvError)
      return fail({ code: 'invalid_input', message: error.message, say: error.say });
    throw error;
  }
  const result = runtime.store.importCatalog({ products: csv.products });
  if (result.ok) return result;
  // Name CSV problems by the line of the file, as a spreadsheet shows it.
  const fields: FieldError[] = (result.error.fields ?? []).map((field) => {
    const row = /^\/products\/(\d+)/.exec(field.path)?.[1];
    if (row === undefined) return field;
    const line = String(csv.lines[Number(row)]);
    // The problem is said inside "line 3: …" in the till's language when it has its key.
    if (!field.say) return { ...field, message: `line ${line}: ${field.message}` };
    return { ...field, ...said('errors.catalog.onLine', { line, problem: field.say }) };
  });
  return fail({ ...result.error, fields });
}

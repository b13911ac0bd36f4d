// A product catalog from CSV, as a spreadsheet saves it: a header row naming the columns
// id, name, price and optionally category and barcode (any order), RFC 4180 quoting, a UTF-8 byte
// order mark allowed. Prices must be plain decimals ("1.50"): "1,50" or "1e3" are
// reported, not guessed.

export interface CsvCatalog {
  products: Array<Record<string, unknown>>;
  /** The file line of each product row, for messages ("line 5: ..."). */
  lines: number[];
}

import type { Said } from '../../domain/result.js';
import { said } from '../../domain/i18n/said.js';

/** What is wrong with the file, as the whole sentence a person reads (English, with its key). */
export class CsvError extends Error {
  readonly say: Said;
  constructor(values: Record<string, string | number>) {
    const made = said('errors.catalog.csvNotValid', values);
    super(made.message);
    this.say = made.say;
  }
}

/** Splits CSV text into rows of fields, with the line each row starts on. */
export function parseCsv(text: string): Array<{ line: number; fields: string[] }> {
  const rows: Array<{ line: number; fields: string[] }> = [];
  let fields: string[] = [];
  let field = '';
  let quoted = false;
  let line = 1;
  let rowLine = 1;
  const source = text.replace(/^\uFEFF/, '');
  for (let i = 0; i < source.length; i++) {
    const char = source[i]!;
    if (quoted) {
      if (char === '"' && source[i + 1] === '"') {
        field += '"';
        i++;
      } else if (char === '"') quoted = false;
      else {
        if (char === '\n') line++;
        field += char;
      }
    } else if (char === '"' && field === '') quoted = true;
    else if (char === ',') {
      fields.push(field);
      field = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && source[i + 1] === '\n') i++;
      fields.push(field);
      if (fields.some((f) => f !== '')) rows.push({ line: rowLine, fields });
      fields = [];
      field = '';
      line++;
      rowLine = line;
    } else field += char;
  }
  if (quoted) throw new CsvError({ problem: 'unclosed', line: String(rowLine) });
  fields.push(field);
  if (fields.some((f) => f !== '')) rows.push({ line: rowLine, fields });
  return rows;
}

export function catalogFromCsv(text: string): CsvCatalog {
  const [header, ...rows] = parseCsv(text);
  if (!header) throw new CsvError({ problem: 'empty' });
  const columns = header.fields.map((name) => name.trim().toLowerCase());
  for (const required of ['id', 'name', 'price']) {
    if (!columns.includes(required)) {
      throw new CsvError({ problem: 'noColumn', column: required, found: columns.join(', ') });
    }
  }
  const products = rows.map(({ fields }) => {
    const value = (name: string) => fields[columns.indexOf(name)]?.trim() ?? '';
    const priceText = value('price');
    const product: Record<string, unknown> = {
      id: value('id'),
      name: value('name'),
      price: /^\d+(\.\d+)?$/.test(priceText) ? Number(priceText) : priceText,
    };
    for (const optional of ['category', 'barcode'])
      if (columns.includes(optional) && value(optional)) product[optional] = value(optional);
    return product;
  });
  return { products, lines: rows.map((row) => row.line) };
}

// Raw SQL with rows typed by the schema. Some reads cannot be drizzle's builder (an archive
// file's attached schema, queue figures in one read, the hot path prepared once): they take
// their select list from here. (Writes are drizzle's builder: see db/placeholders.ts.) The list is written from
// schema columns, so each alias is the row's key and each type the column's; a renamed
// column or a typo is a compile error, and boolean columns come back as booleans.
import { getTableName, type Column } from './drizzle.js';
import type { Database, Statement } from 'better-sqlite3';

/** A computed value in a select list (a count, a min), with the type SQLite gives it. */
export interface Computed<T> {
  readonly expression: string;
  /** Only carries the type. */
  readonly type?: T;
}
export const computed = <T>(expression: string): Computed<T> => ({ expression });

/** A column of a left-joined table: null when the join found no row. */
export interface LeftJoined<C extends Column> {
  readonly leftJoined: C;
}
export const leftJoined = <C extends Column>(column: C): LeftJoined<C> => ({ leftJoined: column });

type Selected = Column | Computed<unknown> | LeftJoined<Column>;
export type Selection = Record<string, Selected>;

type ColumnValue<C extends Column> = C['_']['notNull'] extends true
  ? C['_']['data']
  : C['_']['data'] | null;

export type RowOf<S extends Selection> = {
  [K in keyof S]: S[K] extends Column
    ? ColumnValue<S[K]>
    : S[K] extends LeftJoined<infer C>
      ? ColumnValue<C> | null
      : S[K] extends Computed<infer T>
        ? T
        : never;
};

/** How a table is named in the statement: an alias (`o`), or `archive_2024.sales`. */
export type TableNames = Record<string, string>;

const columnOf = (selected: Selected): Column | undefined =>
  'expression' in selected ? undefined : 'leftJoined' in selected ? selected.leftJoined : selected;

/** `o.sale_id as saleId, count(*) as due`: the select list of a selection. */
export function selectList(selection: Selection, tables: TableNames = {}): string {
  return Object.entries(selection)
    .map(([key, selected]) => {
      if ('expression' in selected) return `${selected.expression} as ${key}`;
      const column = 'leftJoined' in selected ? selected.leftJoined : selected;
      const table = getTableName(column.table);
      return `${tables[table] ?? table}.${column.name} as ${key}`;
    })
    .join(', ');
}

/** Column types SQLite returns as they are typed. */
const PLAIN_COLUMNS = ['SQLiteInteger', 'SQLiteText', 'SQLiteReal'];

/** Turns a raw row into the selection's types (booleans, JSON): only what needs it. */
function decoderFor<S extends Selection>(selection: S): (raw: unknown) => RowOf<S> {
  const decoded = Object.entries(selection).flatMap(([key, selected]) => {
    const column = columnOf(selected);
    return column && !PLAIN_COLUMNS.includes(column.columnType) ? [{ key, column }] : [];
  });
  return (raw) => {
    const row = raw as Record<string, unknown>;
    for (const { key, column } of decoded)
      if (row[key] !== null) row[key] = column.mapFromDriverValue(row[key]);
    return row as RowOf<S>;
  };
}

export interface TypedStatement<P, Row> {
  get(params?: P): Row | undefined;
  all(params?: P): Row[];
  iterate(params?: P): IterableIterator<Row>;
  readonly statement: Statement<unknown[], unknown>;
}

/**
 * A prepared statement whose rows have the selection's keys and types. `text` gets the
 * select list and returns the statement; `P` is its named parameters.
 */
export function typedQuery<S extends Selection, P extends object = never>(
  sqlite: Database,
  selection: S,
  text: (list: string) => string,
  tables: TableNames = {},
): TypedStatement<P, RowOf<S>> {
  const statement = sqlite.prepare<unknown[], unknown>(text(selectList(selection, tables)));
  const decode = decoderFor(selection);
  const bind = (params?: P): unknown[] => (params === undefined ? [] : [params]);
  return {
    statement,
    get: (params) => {
      const raw = statement.get(...bind(params));
      return raw === undefined ? undefined : decode(raw);
    },
    all: (params) => statement.all(...bind(params)).map(decode),
    iterate: function* (params) {
      for (const raw of statement.iterate(...bind(params))) yield decode(raw);
    },
  };
}

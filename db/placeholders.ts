// Statements built with drizzle's builder are prepared once and run with named values:
// `at('now')` stands for the value `now` of the statement's parameters `P`, so a name the
// parameters lack fails to compile, and `run` takes exactly `P`. Values are bound as they
// are given (no column's mapping): a boolean column takes 0 or 1.
import { sql, type SQL } from './drizzle.js';

export const placeholdersOf =
  <P extends object>() =>
  <K extends keyof P & string>(name: K): SQL<P[K]> =>
    sql<P[K]>`${sql.placeholder(name)}`;

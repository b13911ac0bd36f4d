/** Values as an SQL list ('a', 'b'), for the check constraints that keep a column to its words. */
export const sqlList = (values: readonly string[]) =>
  values.map((value) => `'${value}'`).join(', ');

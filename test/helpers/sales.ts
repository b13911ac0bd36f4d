import type Database from 'better-sqlite3';

export const validSale = (overrides: Record<string, unknown> = {}) => ({
  items: [
    { productId: 'prod_8Hq2x', quantity: 2, price: 1.25 },
    { productId: '0b6f4f0e-6c4b-4c07-9d3a-2b1f3a7e9a11', quantity: 0.5, price: 3.99 },
  ],
  paymentMethod: 'CASH',
  ...overrides,
});

const TABLES = [
  'sales',
  'sale_items',
  'outbox',
  'sync_attempts',
  'products',
  'customers',
  'settings',
  'carts',
] as const;
type Table = (typeof TABLES)[number];

/** Row counts of every table, to prove that a rejected input wrote nothing. */
export function rowCounts(sqlite: Database.Database): Record<Table, number> {
  return Object.fromEntries(
    TABLES.map((table) => [
      table,
      (sqlite.prepare(`select count(*) as n from ${table}`).get() as { n: number }).n,
    ]),
  ) as Record<Table, number>;
}

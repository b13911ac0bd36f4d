import type Database from 'better-sqlite3';
import {
  correctedSale as correctedSaleSchema,
  type CorrectedSale,
  type CorrectedSaleInput,
} from '../../domain/corrected-sale.js';
import { newSale, type NewSale, type NewSaleInput } from '../../domain/new-sale.js';

/** A new sale as a caller sends it: 2 × 1.25 + 0.5 × 3.99 = 4.495, so 4.50 (half up). */
export const validSale = (overrides: Partial<NewSaleInput> = {}): NewSaleInput => ({
  items: [
    { productId: 'prod_8Hq2x', quantity: 2, unitPriceMinor: 125 },
    { productId: '0b6f4f0e-6c4b-4c07-9d3a-2b1f3a7e9a11', quantity: 0.5, unitPriceMinor: 399 },
  ],
  paymentMethod: 'CASH',
  ...overrides,
});

/** validSale() as a person corrects a refused sale: the same money, in minor units. */
export const correctedSale = (overrides: Partial<CorrectedSaleInput> = {}): CorrectedSaleInput => ({
  items: [
    { productId: 'prod_8Hq2x', quantity: 2, unitPriceMinor: 125 },
    { productId: '0b6f4f0e-6c4b-4c07-9d3a-2b1f3a7e9a11', quantity: 0.5, unitPriceMinor: 399 },
  ],
  paymentMethod: 'CASH',
  ...overrides,
});

/** A new sale checked and priced, as the contract or `tillsync record` hands it to the store. */
export const checked = (input: NewSaleInput = validSale()): NewSale => newSale.parse(input);

/** A corrected sale checked and priced, as the contract or `refused edit` hands it over. */
export const corrected = (input: CorrectedSaleInput = correctedSale()): CorrectedSale =>
  correctedSaleSchema.parse(input);

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

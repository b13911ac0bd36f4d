// Writing a sale's lines: one statement, for recording a sale and for correcting one.
import { sql } from 'drizzle-orm';
import type { TillDatabase } from './open.js';
import { saleItems } from './schema.js';

const p = (name: string) => sql.placeholder(name);

/** `run({ saleId, lineNumber, productId, quantityMilli, unitPriceMinor, lineTotalMinor })` */
export const prepareSaleItemInsert = ({ db }: TillDatabase) =>
  db
    .insert(saleItems)
    .values({
      saleId: p('saleId'),
      lineNumber: p('lineNumber'),
      productId: p('productId'),
      quantityMilli: p('quantityMilli'),
      unitPriceMinor: p('unitPriceMinor'),
      lineTotalMinor: p('lineTotalMinor'),
    })
    .prepare();

// A sale's lines: one statement writes them (recording a sale, correcting one), one reads
// them as the platform's body needs them (sending, and the record kept of a corrected one).
import { sql } from 'drizzle-orm';
import type { TillDatabase } from './open.js';
import { saleItems } from './schema.js';
import { typedQuery } from './typed-sql.js';

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

const lineColumns = {
  productId: saleItems.productId,
  quantityMilli: saleItems.quantityMilli,
  unitPriceMinor: saleItems.unitPriceMinor,
};

/** `all({ saleId })`: the sale's lines in order, as sent. */
export const prepareSaleLines = ({ sqlite }: TillDatabase) =>
  typedQuery<typeof lineColumns, { saleId: string }>(
    sqlite,
    lineColumns,
    (list) => `select ${list} from sale_items where sale_id = @saleId order by line_number`,
  );

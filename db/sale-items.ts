// A sale's lines: one statement writes them (recording a sale, correcting one), one reads
// them as the platform's body needs them (sending, and the record kept of a corrected one).
import { sql } from './drizzle.js';
import type { TillDatabase } from './open.js';
import { saleItems } from './schema.js';
import { typedQuery, type RowOf } from './typed-sql.js';

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
  saleId: saleItems.saleId,
  productId: saleItems.productId,
  quantityMilli: saleItems.quantityMilli,
  unitPriceMinor: saleItems.unitPriceMinor,
};

export type SaleLine = Omit<RowOf<typeof lineColumns>, 'saleId'>;

/**
 * `of(saleIds)`: the lines of each of these sales in order, as sent. One statement for a
 * whole batch: measured about five times cheaper per sale than one statement per sale.
 */
export function prepareSaleLines({ sqlite }: TillDatabase) {
  const lines = typedQuery<typeof lineColumns, { saleIds: string }>(
    sqlite,
    lineColumns,
    (list) => `select ${list} from sale_items
      where sale_id in (select value from json_each(@saleIds)) order by sale_id, line_number`,
  );
  return {
    of(saleIds: readonly string[]): Map<string, SaleLine[]> {
      const bySale = new Map<string, SaleLine[]>();
      for (const { saleId, ...line } of lines.all({ saleIds: JSON.stringify(saleIds) })) {
        const list = bySale.get(saleId);
        if (list) list.push(line);
        else bySale.set(saleId, [line]);
      }
      return bySale;
    },
  };
}

// Fills a new sandbox database with the seed catalog; a populated one is left as it is,
// but for the seed products' barcodes, which a sandbox made before barcodes existed lacks.
import { and, eq, isNull } from '../../db/drizzle.js';
import { SEED_CUSTOMERS, SEED_PRODUCTS, SEED_SHOPS } from '../seed-data.js';
import type { SandboxDb } from './open.js';
import { customers, products, shops } from './schema.js';

export function seedIfEmpty(db: SandboxDb): void {
  if (db.select({ id: shops.id }).from(shops).limit(1).all().length > 0) {
    db.transaction((tx) => {
      for (const { id, barcode } of SEED_PRODUCTS)
        tx.update(products)
          .set({ barcode })
          .where(and(eq(products.id, id), isNull(products.barcode)))
          .run();
    });
    return;
  }
  db.transaction((tx) => {
    tx.insert(shops).values(SEED_SHOPS).run();
    tx.insert(products).values(SEED_PRODUCTS).run();
    tx.insert(customers).values(SEED_CUSTOMERS).run();
  });
}

// Fills a new sandbox database with the seed catalog; a populated one is left as it is.
import { SEED_CUSTOMERS, SEED_PRODUCTS, SEED_SHOPS } from '../seed-data.js';
import type { SandboxDb } from './open.js';
import { customers, products, shops } from './schema.js';

export function seedIfEmpty(db: SandboxDb): void {
  if (db.select({ id: shops.id }).from(shops).limit(1).all().length > 0) return;
  db.transaction((tx) => {
    tx.insert(shops).values(SEED_SHOPS).run();
    tx.insert(products).values(SEED_PRODUCTS).run();
    tx.insert(customers).values(SEED_CUSTOMERS).run();
  });
}

// The sandbox catalog as JSON a till can import: products with prices as JSON numbers in
// the shop's currency, and customers.
import { asc, eq } from '../db/drizzle.js';
import { currencyDecimals, fromScaledInteger } from '../domain/money.js';
import type { SandboxDb } from './db/open.js';
import { customers, products, shops } from './db/schema.js';

export interface CatalogExport {
  shopId: string;
  currency: string;
  products: Array<{
    id: string;
    name: string;
    price: number;
    category: string;
    barcode: string | null;
  }>;
  customers: Array<{ id: string; name: string; email: string | null; phone: string | null }>;
}

export function exportCatalog(db: SandboxDb, shopId?: string): CatalogExport {
  const shop = shopId
    ? db.select().from(shops).where(eq(shops.id, shopId)).get()
    : db.select().from(shops).orderBy(asc(shops.id)).limit(1).get();
  if (!shop) throw new Error(`The sandbox has no shop ${shopId ?? ''}`.trim());
  const decimals = currencyDecimals(shop.currency);
  return {
    shopId: shop.id,
    currency: shop.currency,
    products: db
      .select()
      .from(products)
      .orderBy(asc(products.name))
      .all()
      .map(({ priceMinor, ...product }) => ({
        ...product,
        price: fromScaledInteger(priceMinor, decimals),
      })),
    customers: db.select().from(customers).orderBy(asc(customers.name)).all(),
  };
}

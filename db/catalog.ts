// The till's product catalog and customers: importing them (all or nothing, every bad row
// named) and reading them for the till screen.
import { and, asc, desc, eq, or, sql, type SQLiteColumn } from './drizzle.js';
import type { ProductView } from '../domain/sale.js';
import { z } from 'zod';
import { fieldErrorsFrom } from './field-errors.js';
import { currencyDecimals, toScaledInteger } from '../domain/money.js';
import type { TillDatabase } from './open.js';
import { fail, ok, type FieldError, type Result } from '../domain/result.js';
import { idSchema } from '../domain/sale-input.js';
import { customers, products } from './schema.js';
import type { SettingsStore } from './settings.js';
import { fieldSays, said } from '../domain/i18n/said.js';

export const MAX_CATALOG_ROWS = 20_000;

/** What a scanner types: EAN-13, UPC, Code 128 shop codes. */
export const barcodeSchema = z
  .string({ error: fieldSays('field.mustBeText') })
  .trim()
  .regex(/^[0-9A-Za-z._-]{1,64}$/, fieldSays('field.catalog.barcode'));

const productRow = z.strictObject({
  id: idSchema,
  name: z
    .string()
    .trim()
    .min(1, fieldSays('field.mustNotBeEmpty'))
    .max(200, fieldSays('field.atMostCharacters', { max: 200 })),
  price: z
    .number({ error: fieldSays('field.mustBeNumber') })
    .nonnegative(fieldSays('field.mustNotBeNegative'))
    .max(1_000_000_000),
  category: z
    .string()
    .trim()
    .max(100, fieldSays('field.atMostCharacters', { max: 100 }))
    .nullish(),
  barcode: barcodeSchema.nullish(),
});

const customerRow = z.strictObject({
  id: idSchema,
  name: z
    .string()
    .trim()
    .min(1, fieldSays('field.mustNotBeEmpty'))
    .max(200, fieldSays('field.atMostCharacters', { max: 200 })),
  email: z
    .string()
    .trim()
    .max(200, fieldSays('field.atMostCharacters', { max: 200 }))
    .nullish(),
  phone: z
    .string()
    .trim()
    .max(50, fieldSays('field.atMostCharacters', { max: 50 }))
    .nullish(),
});

export const catalogSchema = z.object({
  currency: z.string().optional(),
  products: z.array(z.unknown()).max(MAX_CATALOG_ROWS).default([]),
  customers: z.array(z.unknown()).max(MAX_CATALOG_ROWS).default([]),
});

export interface CatalogImport {
  products: number;
  customers: number;
}

export type { ProductView };

export function createCatalog(database: TillDatabase, settingsStore: SettingsStore) {
  const { sqlite } = database;
  const upsertProduct = sqlite.prepare(`
    insert into products (id, name, price_minor, category, barcode, active, updated_at)
    values (@id, @name, @priceMinor, @category, @barcode, 1, @now)
    on conflict(id) do update set name = excluded.name, price_minor = excluded.price_minor,
      category = excluded.category, barcode = excluded.barcode, active = 1,
      updated_at = excluded.updated_at`);
  // Barcodes move between imported products in one import: freed first, then set.
  const freeBarcode = sqlite.prepare('update products set barcode = null where id = ?');
  const { db } = database;
  const holderOf = db
    .select({ id: products.id })
    .from(products)
    .where(eq(products.barcode, sql.placeholder('barcode')))
    .prepare();
  const upsertCustomer = sqlite.prepare(`
    insert into customers (id, name, phone, email, updated_at) values (@id, @name, @phone, @email, @now)
    on conflict(id) do update set name = excluded.name, phone = excluded.phone, email = excluded.email,
      updated_at = excluded.updated_at`);
  // Typed rows: a product view is its columns, as the schema names them (money in minor units).
  const productColumns = {
    id: products.id,
    name: products.name,
    priceMinor: products.priceMinor,
    category: products.category,
    barcode: products.barcode,
  };
  const query = sql.placeholder('query');
  const like = sql.placeholder('like');
  const code = sql.placeholder('code');
  /** `column LIKE @like`, with \ escaping % and _ typed by the person. */
  const contains = (column: SQLiteColumn) => sql`${column} like ${like} escape '\\'`;
  const search = db
    .select(productColumns)
    .from(products)
    .where(
      and(
        eq(products.active, true),
        or(
          sql`${query} = ''`,
          contains(products.name),
          eq(products.id, query),
          eq(products.barcode, query),
        ),
      ),
    )
    .orderBy(asc(products.name))
    .limit(sql.placeholder('limit'))
    .prepare();
  const exact = db
    .select(productColumns)
    .from(products)
    .where(and(eq(products.active, true), or(eq(products.barcode, code), eq(products.id, code))))
    .orderBy(desc(sql`${products.barcode} = ${code}`))
    .limit(1)
    .prepare();
  const searchCustomers = db
    .select({
      id: customers.id,
      name: customers.name,
      phone: customers.phone,
      email: customers.email,
    })
    .from(customers)
    .where(
      or(
        sql`${query} = ''`,
        contains(customers.name),
        eq(customers.id, query),
        contains(customers.phone),
      ),
    )
    .orderBy(asc(customers.name))
    .limit(sql.placeholder('limit'))
    .prepare();

  /**
   * Imports a catalog: every row is checked first, and if any is bad nothing is written
   * and each bad row is named (`/products/3/price: must not be negative`).
   */
  function importCatalog(input: unknown, now = Date.now()): Result<CatalogImport> {
    const shape = catalogSchema.safeParse(input);
    if (!shape.success) {
      return fail({
        code: 'invalid_input',
        ...said('store.catalogNotValid'),
        fields: fieldErrorsFrom(shape.error),
      });
    }
    const { currency } = settingsStore.read();
    const decimals = currencyDecimals(currency);
    const errors: FieldError[] = [];
    if (shape.data.currency && shape.data.currency !== currency) {
      errors.push({
        path: '/currency',
        ...said('field.catalog.otherCurrency', { given: shape.data.currency, currency }),
      });
    }
    const products = shape.data.products.flatMap((row, index) => {
      const parsed = productRow.safeParse(row);
      if (!parsed.success) {
        errors.push(...prefixed(`/products/${index}`, fieldErrorsFrom(parsed.error)));
        return [];
      }
      const priceMinor = toScaledInteger(parsed.data.price, decimals);
      if (priceMinor === undefined) {
        errors.push({
          path: `/products/${index}/price`,
          ...said('field.catalog.tooManyDecimals', { currency }),
        });
        return [];
      }
      return [
        {
          ...parsed.data,
          category: parsed.data.category ?? null,
          barcode: parsed.data.barcode || null,
          priceMinor,
          now,
        },
      ];
    });
    errors.push(...barcodeClashes(products));
    const customers = shape.data.customers.flatMap((row, index) => {
      const parsed = customerRow.safeParse(row);
      if (!parsed.success) {
        errors.push(...prefixed(`/customers/${index}`, fieldErrorsFrom(parsed.error)));
        return [];
      }
      return [
        { ...parsed.data, email: parsed.data.email ?? null, phone: parsed.data.phone ?? null, now },
      ];
    });
    if (errors.length > 0) {
      const listed = errors
        .slice(0, 10)
        .map((e) => `${e.path}: ${e.message}`)
        .join('; ');
      const more = errors.length > 10 ? ` (and ${errors.length - 10} more)` : '';
      return fail({
        code: 'invalid_input',
        message: `The catalog was not imported: ${listed}${more}`,
        summary: 'The catalog was not imported',
        say: said('store.catalogNotImported').say,
        fields: errors,
      });
    }
    sqlite.transaction(() => {
      for (const product of products) freeBarcode.run(product.id);
      for (const product of products) upsertProduct.run(product);
      for (const customer of customers) upsertCustomer.run(customer);
    })();
    return ok({ products: products.length, customers: customers.length });
  }

  /** Two products of one import, or one here and one already on the till, with one barcode. */
  function barcodeClashes(products: Array<{ id: string; barcode: string | null }>): FieldError[] {
    const importedIds = new Set(products.map((product) => product.id));
    const firstWith = new Map<string, string>();
    const clashes: FieldError[] = [];
    products.forEach(({ id, barcode }, index) => {
      if (!barcode) return;
      const path = `/products/${index}/barcode`;
      const earlier = firstWith.get(barcode);
      const holder = holderOf.get({ barcode })?.id;
      if (earlier)
        clashes.push({ path, ...said('field.catalog.barcodeTwice', { barcode, earlier }) });
      else if (holder && holder !== id && !importedIds.has(holder))
        clashes.push({ path, ...said('field.catalog.barcodeTaken', { barcode, holder }) });
      firstWith.set(barcode, id);
    });
    return clashes;
  }

  const likeOf = (query: string) => `%${query.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

  return {
    importCatalog,
    searchProducts(query = '', limit = 200): ProductView[] {
      const q = query.trim();
      return search.all({ query: q, like: likeOf(q), limit });
    },
    /** The product a scanner or a typed code names: its barcode or id, exactly. */
    findProduct(code: string): ProductView | undefined {
      return exact.get({ code: code.trim() });
    },
    searchCustomers(query = '', limit = 50) {
      const q = query.trim();
      return searchCustomers.all({ query: q, like: likeOf(q), limit });
    },
  };
}

function prefixed(prefix: string, fields: FieldError[]): FieldError[] {
  return fields.map((field) => ({ ...field, path: `${prefix}${field.path}` }));
}

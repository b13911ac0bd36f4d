// The sandbox's sales: creation with Stripe-style idempotency, and reading back.
// The idempotency key, the sale and its webhook deliveries are written in one
// transaction, and a key is unique forever: no retry can ever make a second sale.
import { createHash, randomBytes } from 'node:crypto';
import { and, asc, eq, gt, inArray, sql } from '../db/drizzle.js';
import {
  currencyDecimals,
  fromScaledInteger,
  lineTotalMinor,
  toScaledInteger,
} from '../domain/money.js';
import type { SandboxDatabase } from './db/open.js';
import { customers, products, sales, shops } from './db/schema.js';
import { tooManyPriceDecimals, type SaleBody, type SaleRequest } from './http/schemas.js';
import type { ProblemFieldError } from './http/problem.js';

export type CreateOutcome =
  | { outcome: 'created'; body: string }
  | { outcome: 'replayed'; body: string }
  | { outcome: 'key_reused'; body?: undefined };

export interface CreateSale {
  subject: string;
  idempotencyKey: string | undefined;
  request: SaleRequest;
  shopId: string;
  currency: string;
}

/** Same JSON whatever the order of keys: the request's fingerprint. */
export function fingerprint(value: unknown): string {
  const canonical = (v: unknown): unknown =>
    Array.isArray(v)
      ? v.map(canonical)
      : v && typeof v === 'object'
        ? Object.fromEntries(
            Object.keys(v)
              .sort()
              .map((k) => [k, canonical((v as Record<string, unknown>)[k])]),
          )
        : v;
  return createHash('sha256')
    .update(JSON.stringify(canonical(value)))
    .digest('hex');
}

export function createSalesStore(
  { db, sqlite }: SandboxDatabase,
  onSaleCreated: (sale: SaleBody, now: number) => void,
) {
  const shopById = db
    .select()
    .from(shops)
    .where(eq(shops.id, sql.placeholder('id')))
    .prepare();
  const productById = db
    .select({ id: products.id })
    .from(products)
    .where(eq(products.id, sql.placeholder('id')))
    .prepare();
  const customerById = db
    .select({ id: customers.id })
    .from(customers)
    .where(eq(customers.id, sql.placeholder('id')))
    .prepare();
  const saleByKey = db
    .select({ body: sales.body, fingerprint: sales.requestFingerprint })
    .from(sales)
    .where(
      and(
        eq(sales.keySubject, sql.placeholder('subject')),
        eq(sales.idempotencyKey, sql.placeholder('key')),
      ),
    )
    .prepare();
  const saleById = db
    .select({ body: sales.body, shopId: sales.shopId })
    .from(sales)
    .where(eq(sales.id, sql.placeholder('id')))
    .prepare();
  const insertSale = db
    .insert(sales)
    .values({
      id: sql.placeholder('id'),
      shopId: sql.placeholder('shopId'),
      createdAt: sql.placeholder('createdAt'),
      keySubject: sql.placeholder('keySubject'),
      idempotencyKey: sql.placeholder('idempotencyKey'),
      requestFingerprint: sql.placeholder('requestFingerprint'),
      body: sql.placeholder('body'),
    })
    .prepare();
  const defaultShop = db.select().from(shops).orderBy(asc(shops.id)).limit(1).get()!;

  /** The problems with a request's references and money, as field errors. */
  /**
   * What only the catalog can say about a sale: products and customer that do not exist,
   * prices finer than the currency. Takes the body as sent (perhaps invalid in other ways,
   * so that every error is listed in one answer) and looks only at the parts it can read.
   */
  function checkReferences(request: unknown, currency: string): ProblemFieldError[] {
    const decimals = currencyDecimals(currency);
    const errors: ProblemFieldError[] = [];
    const body = (typeof request === 'object' && request) || {};
    const items = 'items' in body && Array.isArray(body.items) ? (body.items as unknown[]) : [];
    items.forEach((item, index) => {
      if (typeof item !== 'object' || item === null) return;
      const { productId, price } = item as { productId?: unknown; price?: unknown };
      if (typeof productId === 'string' && !productById.get({ id: productId })) {
        errors.push({ pointer: `/items/${index}/productId`, detail: `no product ${productId}` });
      }
      if (
        typeof price === 'number' &&
        price >= 0 &&
        toScaledInteger(price, decimals) === undefined
      ) {
        errors.push({
          pointer: `/items/${index}/price`,
          detail: tooManyPriceDecimals(currency, decimals),
        });
      }
    });
    const customerId = 'customerId' in body ? body.customerId : undefined;
    if (typeof customerId === 'string' && !customerById.get({ id: customerId })) {
      errors.push({ pointer: '/customerId', detail: `no customer ${customerId}` });
    }
    return errors;
  }

  function saleBody(request: SaleRequest, shopId: string, currency: string, now: number): SaleBody {
    const decimals = currencyDecimals(currency);
    const totalMinor = request.items.reduce(
      (sum, item) =>
        sum +
        lineTotalMinor(toScaledInteger(item.quantity, 3)!, toScaledInteger(item.price, decimals)!)!,
      0,
    );
    return {
      id: `sale_${randomBytes(12).toString('base64url')}`,
      shopId,
      items: request.items.map(({ productId, quantity, price }) => ({
        productId,
        quantity,
        price,
      })),
      paymentMethod: request.paymentMethod,
      ...(request.customerId ? { customerId: request.customerId } : {}),
      total: fromScaledInteger(totalMinor, decimals),
      currency,
      createdAt: new Date(now).toISOString(),
    };
  }

  const createInTransaction = sqlite.transaction(
    (input: CreateSale, print: string): CreateOutcome => {
      if (input.idempotencyKey) {
        const existing = saleByKey.get({ subject: input.subject, key: input.idempotencyKey });
        if (existing) {
          return existing.fingerprint === print
            ? { outcome: 'replayed', body: existing.body }
            : { outcome: 'key_reused' };
        }
      }
      const now = Date.now();
      const sale = saleBody(input.request, input.shopId, input.currency, now);
      const body = JSON.stringify(sale);
      insertSale.run({
        id: sale.id,
        shopId: sale.shopId,
        createdAt: now,
        keySubject: input.subject,
        idempotencyKey: input.idempotencyKey ?? null,
        requestFingerprint: print,
        body,
      });
      onSaleCreated(sale, now);
      return { outcome: 'created', body };
    },
  );

  return {
    defaultShopId: defaultShop.id,
    shop: (id: string) => shopById.get({ id }),
    checkReferences,
    /** An earlier answer for this key, if any, without writing anything. */
    findByKey: (subject: string, key: string) => saleByKey.get({ subject, key }),
    create: (input: CreateSale): CreateOutcome =>
      createInTransaction.immediate(input, fingerprint(input.request)),
    get: (id: string) => saleById.get({ id }),
    list({ shopIds, limit, after }: { shopIds?: string[]; limit: number; after?: number }) {
      const rows = db
        .select({ seq: sales.seq, body: sales.body })
        .from(sales)
        .where(
          and(
            shopIds ? inArray(sales.shopId, shopIds) : undefined,
            after ? gt(sales.seq, after) : undefined,
          ),
        )
        .orderBy(asc(sales.seq))
        .limit(limit + 1)
        .all();
      const page = rows.slice(0, limit);
      return {
        data: page.map((row) => JSON.parse(row.body) as SaleBody),
        nextCursor: rows.length > limit ? String(page.at(-1)!.seq) : null,
      };
    },
  };
}

export type SalesStore = ReturnType<typeof createSalesStore>;

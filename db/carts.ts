// The carts at the counter, kept in the till's database: the open one, saved on every change,
// and the held ones. Charging writes the sale and clears the cart in one transaction, so a
// crash can never leave a charged cart to be charged again. A saved cart that cannot be read
// is moved to a file in `set-aside/` beside the database and named to the caller: it never
// stops the till, and never blocks a new sale.
import { randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import {
  cartContent,
  cartLocale,
  cartTotalMinor,
  emptyCart,
  hasContent,
  type CartContent,
  type CounterState,
  type HeldCart,
  type SetAsideCart,
} from '../domain/cart.js';
import { messageOf } from '../domain/errors.js';
import { fail, ok, type Result } from '../domain/result.js';
import { NO_SALE_PRINTING, type SalePrinting } from '../domain/print-jobs.js';
import type { NewSale } from '../domain/new-sale.js';
import { and, asc, eq } from './drizzle.js';
import type { TillDatabase } from './open.js';
import type { ReceiptView } from './receipt.js';
import type { PreparedSale } from './record-sale.js';
import { carts } from './schema.js';
import type { SettingsStore } from './settings.js';
import { chargedCart } from '../domain/cart-charged.js';
import { said } from '../domain/i18n/said.js';

type CartRow = typeof carts.$inferSelect;

/** What charging needs of the sale recorder: prepare a sale, then write it with something else. */
export interface SaleWriter {
  prepareSale(
    sale: NewSale,
    now?: number,
    cashierId?: string | null,
    discountApprovedBy?: string | null,
  ): Result<PreparedSale>;
  commitSale(
    prepared: PreparedSale,
    alongside?: () => void,
    printing?: SalePrinting,
  ): Result<ReceiptView>;
}

/** A held cart recalled over a cart with lines: that one is held, with this note. */
export const AUTO_HOLD_NOTE = 'Put aside when another held sale was recalled';

export const SET_ASIDE_FOLDER = 'set-aside';

function readContent(row: CartRow): Result<CartContent> {
  let json: unknown;
  try {
    json = JSON.parse(row.content);
  } catch (error) {
    return fail({ code: 'unreadable_cart', message: `not valid JSON (${messageOf(error)})` });
  }
  const parsed = cartContent.safeParse(json);
  return parsed.success
    ? ok(parsed.data)
    : fail({ code: 'unreadable_cart', message: `not a cart (${parsed.error.issues[0]?.message})` });
}

export function createCarts(
  { db, sqlite, file }: TillDatabase,
  settingsStore: SettingsStore,
  sales: SaleWriter,
) {
  const setAsideFolder = join(dirname(file), SET_ASIDE_FOLDER);
  const deleteOpen = () => db.delete(carts).where(eq(carts.state, 'open')).run();
  const insertCart = (
    content: CartContent,
    now: number,
    held?: { note: string },
  ): CartRow['id'] => {
    const id = randomUUID();
    db.insert(carts)
      .values({
        id,
        state: held ? 'held' : 'open',
        note: held?.note ?? null,
        content: JSON.stringify(content),
        createdAt: now,
        updatedAt: now,
        heldAt: held ? now : null,
      })
      .run();
    return id;
  };

  /** Moves an unreadable cart to a file, then out of the database (the file first). */
  function setAside(row: CartRow, problem: string): SetAsideCart {
    const target = join(setAsideFolder, `cart-${row.id}.json`);
    try {
      mkdirSync(setAsideFolder, { recursive: true });
      writeFileSync(target, JSON.stringify({ ...row, problem }, null, 2), { mode: 0o600 });
      db.delete(carts).where(eq(carts.id, row.id)).run();
      return { file: target, problem: `The saved ${row.state} cart could not be read: ${problem}` };
    } catch (error) {
      return {
        file: target,
        problem: `The saved ${row.state} cart could not be read (${problem}) nor moved aside: ${messageOf(error)}`,
      };
    }
  }

  const heldSummary = (row: CartRow, content: CartContent): HeldCart => {
    // What it will charge, after its discounts (before them while one is not valid).
    const charged = chargedCart(content, settingsStore.read().currency);
    return {
      id: row.id,
      note: row.note ?? '',
      heldAt: row.heldAt ?? row.updatedAt,
      lineCount: content.lines.length,
      totalMinor: charged.ok
        ? charged.value.chargedTotalMinor
        : cartTotalMinor(content.lines, cartLocale(content)),
      customerName: content.customer?.name ?? null,
    };
  };

  const saveOpen = sqlite.transaction((content: CartContent, now: number) => {
    const json = JSON.stringify(content);
    const updated = db
      .update(carts)
      .set({ content: json, updatedAt: now })
      .where(eq(carts.state, 'open'))
      .run();
    if (updated.changes === 0) insertCart(content, now);
  });

  const hold = sqlite.transaction((content: CartContent, note: string, now: number) => {
    deleteOpen();
    insertCart(content, now, { note });
  });

  const recall = sqlite.transaction((row: CartRow, current: CartContent, now: number): void => {
    deleteOpen();
    if (hasContent(current)) insertCart(current, now, { note: AUTO_HOLD_NOTE });
    db.update(carts)
      .set({ state: 'open', heldAt: null, updatedAt: now })
      .where(eq(carts.id, row.id))
      .run();
  });

  return {
    /** The open cart (an empty one when there is none), the held carts, what was set aside. */
    readCounter(): CounterState {
      const rows = db.select().from(carts).orderBy(asc(carts.heldAt)).all();
      const held: HeldCart[] = [];
      const setAsideCarts: SetAsideCart[] = [];
      let cart: CartContent | undefined;
      for (const row of rows) {
        const content = readContent(row);
        if (!content.ok) setAsideCarts.push(setAside(row, content.error.message));
        else if (row.state === 'open') cart = content.value;
        else held.push(heldSummary(row, content.value));
      }
      const method = settingsStore.read().paymentMethods[0] ?? '';
      return { cart: cart ?? emptyCart(method), held, setAside: setAsideCarts };
    },

    /** Held carts, for `tillsync status`: how many, and since when the oldest. */
    heldCount(): { count: number; oldestAt: number | null } {
      const rows = db.select({ heldAt: carts.heldAt }).from(carts).where(eq(carts.state, 'held'));
      const times = rows.all().map((row) => row.heldAt ?? 0);
      return { count: times.length, oldestAt: times.length ? Math.min(...times) : null };
    },

    saveCart(content: CartContent, now = Date.now()): void {
      saveOpen.immediate(content, now);
    },

    holdCart(content: CartContent, note: string, now = Date.now()): Result<null> {
      if (content.lines.length === 0)
        return fail({ code: 'empty_cart', ...said('store.cartEmpty') });
      hold.immediate(content, note.trim(), now);
      return ok(null);
    },

    /** Makes a held cart the open one; a cart with lines on the counter is held meanwhile. */
    recallCart(id: string, current: CartContent, now = Date.now()): Result<null> {
      const row = db
        .select()
        .from(carts)
        .where(and(eq(carts.id, id), eq(carts.state, 'held')))
        .get();
      if (!row)
        return fail({
          code: 'not_found',
          ...said('store.heldCartGone'),
        });
      const content = readContent(row);
      if (!content.ok) {
        const aside = setAside(row, content.error.message);
        return fail({
          code: 'unreadable_cart',
          message: `${aside.problem}. It is in ${aside.file}.`,
        });
      }
      recall.immediate(row, current, now);
      return ok(null);
    },

    /** Records the sale a cart makes and clears the open cart, in one transaction: its receipt. */
    chargeCart(
      sale: NewSale,
      now = Date.now(),
      by: { cashierId: string | null; discountApprovedBy: string | null } = {
        cashierId: null,
        discountApprovedBy: null,
      },
      printing: SalePrinting = NO_SALE_PRINTING,
    ): Result<ReceiptView> {
      const prepared = sales.prepareSale(sale, now, by.cashierId, by.discountApprovedBy);
      if (!prepared.ok) return prepared;
      return sales.commitSale(prepared.value, () => void deleteOpen(), printing);
    },
  };
}

export type Carts = ReturnType<typeof createCarts>;

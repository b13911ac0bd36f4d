// The carts at the counter, in a real till database: saved on every change and there again
// after a restart, held and recalled, charged in one transaction with the sale, and a cart
// that cannot be read set aside in a file without stopping the till.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  addProduct,
  emptyCart,
  saleFromCart,
  setQuantity,
  type CartContent,
} from '../../domain/cart.js';
import { AUTO_HOLD_NOTE } from '../../db/carts.js';
import { openStore, type Store } from '../../db/store.js';
import { checked, rowCounts } from '../helpers/sales.js';
import { tempDir } from '../helpers/temp-dir.js';

const bread = {
  id: 'prod_bread',
  name: 'Sourdough loaf',
  priceMinor: 450,
  category: null,
  barcode: '5012345678900',
};
const milk = { ...bread, id: 'prod_milk', name: 'Milk 1 l', priceMinor: 120 };

function cartOf(...products: Array<typeof bread>): CartContent {
  return products.reduce(addProduct, emptyCart('CASH'));
}

function freshStore(): { store: Store; file: string } {
  const file = join(tempDir(), 'tillsync.db');
  return { store: openStore(file), file };
}

describe('the open cart', () => {
  it('is there again, as it was, after the database is closed and opened again', () => {
    const { store, file } = freshStore();
    expect(store.readCounter()).toEqual({ cart: emptyCart('CASH'), held: [], setAside: [] });
    const cart = {
      ...setQuantity(cartOf(bread, milk), 'prod_bread', '0.5'),
      tendered: '20',
      customer: { id: 'cus_1', name: 'Amina', phone: null, email: null },
      unknownCodes: ['0000000000000'],
    };
    store.saveCart(cartOf(bread));
    store.saveCart(cart);
    store.close();
    const reopened = openStore(file);
    expect(reopened.readCounter().cart).toEqual(cart);
    expect(rowCounts(reopened.database.sqlite).carts).toBe(1);
    reopened.close();
  });

  it('is charged in one transaction with the sale: the sale is recorded and the cart is gone', () => {
    const { store } = freshStore();
    const cart = { ...cartOf(bread, milk), tendered: '10' };
    store.saveCart(cart);
    const sale = store.chargeCart(checked(saleFromCart(cart, 'USD')));
    expect(sale.ok && sale.value).toMatchObject({
      totalMinor: 570,
      tenderedMinor: 1000,
      changeMinor: 430,
    });
    expect(store.readCounter().cart).toEqual(emptyCart('CASH'));
    expect(rowCounts(store.database.sqlite)).toMatchObject({ sales: 1, carts: 0 });
    store.close();
  });

  it('is left whole, and no sale written, when charging it fails halfway', () => {
    const { store } = freshStore();
    const cart = cartOf(bread);
    store.saveCart(cart);
    // The cart's removal fails after the sale's rows are written: both must be undone.
    store.database.sqlite.exec(
      `create trigger refuse before delete on carts begin select raise(abort, 'refused'); end`,
    );
    expect(() => store.chargeCart(checked(saleFromCart(cart, 'USD')))).toThrow(/refused/);
    expect(rowCounts(store.database.sqlite)).toMatchObject({ sales: 0, sale_items: 0, outbox: 0 });
    expect(store.readCounter().cart).toEqual(cart);
    store.close();
  });

  it('stays untouched when the sale it makes is refused', () => {
    const { store } = freshStore();
    const cart = { ...cartOf(bread), paymentMethod: 'CARD' };
    store.saveCart(cart);
    const refused = store.chargeCart(checked(saleFromCart(cart, 'USD')));
    expect(!refused.ok && refused.error.fields).toEqual([
      {
        path: '/paymentMethod',
        message: 'must be one of CASH, MOBILE_MONEY',
        say: { key: 'field.sale.oneOfMethods', values: { methods: 'CASH, MOBILE_MONEY' } },
      },
    ]);
    expect(store.readCounter().cart.lines).toHaveLength(1);
    expect(rowCounts(store.database.sqlite).sales).toBe(0);
    store.close();
  });
});

describe('held sales', () => {
  it('are kept with their notes, several at once, across a restart, and recalled whole', () => {
    const { store, file } = freshStore();
    const first = cartOf(bread);
    const second = cartOf(milk, bread);
    expect(store.holdCart(first, '  Lady in the red coat  ', 1000).ok).toBe(true);
    expect(store.holdCart(second, '', 2000).ok).toBe(true);
    store.close();

    const reopened = openStore(file);
    const { cart, held } = reopened.readCounter();
    expect(cart).toEqual(emptyCart('CASH'));
    expect(held).toEqual([
      expect.objectContaining({
        note: 'Lady in the red coat',
        heldAt: 1000,
        lineCount: 1,
        totalMinor: 450,
      }),
      expect.objectContaining({ note: '', heldAt: 2000, lineCount: 2, totalMinor: 570 }),
    ]);
    expect(reopened.heldCount()).toEqual({ count: 2, oldestAt: 1000 });

    // Recalled over a cart with lines: that cart is held in its place, nothing is lost.
    const onCounter = cartOf(milk);
    reopened.saveCart(onCounter);
    expect(reopened.recallCart(held[0]!.id, onCounter, 3000).ok).toBe(true);
    const after = reopened.readCounter();
    expect(after.cart).toEqual(first);
    expect(after.held.map((h) => [h.note, h.lineCount])).toEqual([
      ['', 2],
      [AUTO_HOLD_NOTE, 1],
    ]);
    reopened.close();
  });

  it('refuses to hold an empty cart, or to recall one that is gone, and writes nothing', () => {
    const { store } = freshStore();
    const empty = store.holdCart(emptyCart('CASH'), 'note');
    expect(!empty.ok && empty.error.message).toBe('Nothing to hold: the cart is empty.');
    const gone = store.recallCart('no-such-cart', cartOf(bread));
    expect(!gone.ok && gone.error.code).toBe('not_found');
    expect(rowCounts(store.database.sqlite).carts).toBe(0);
    store.close();
  });
});

describe('a saved cart that cannot be read', () => {
  it.each([
    ['not JSON', '{"lines": [', /not valid JSON/],
    ['not a cart', '{"lines": "three loaves"}', /not a cart/],
  ])('(%s) is set aside in a file, named, and the till sells on', (_, content, problem) => {
    const { store, file } = freshStore();
    store.holdCart(cartOf(milk), 'kept');
    store.saveCart(cartOf(bread));
    store.database.sqlite.prepare(`update carts set content = ? where state = 'open'`).run(content);

    const counter = store.readCounter();
    expect(counter.cart).toEqual(emptyCart('CASH'));
    expect(counter.held.map((h) => h.note)).toEqual(['kept']);
    expect(counter.setAside).toHaveLength(1);
    const [aside] = counter.setAside;
    expect(aside!.problem).toMatch(problem);
    expect(aside!.file.startsWith(join(file, '..', 'set-aside'))).toBe(true);
    expect(JSON.parse(readFileSync(aside!.file, 'utf8'))).toMatchObject({ content, state: 'open' });

    // Read again: nothing left to set aside, and a new sale is charged as usual.
    expect(store.readCounter().setAside).toEqual([]);
    store.saveCart(cartOf(bread));
    const sale = store.chargeCart(checked(saleFromCart(cartOf(bread), 'USD')));
    expect(sale.ok).toBe(true);
    expect(existsSync(aside!.file)).toBe(true);
    store.close();
  });
});

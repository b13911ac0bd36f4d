// The store's refusals on a real SQLite file keep their English for JSON and logs and carry
// their catalog keys, so a screen or the CLI says them in the till's language with the right
// numbers: a refused sale, a refused drawer entry, a catalog, a discard, a full disk.
// (A cashier's refusals and a wrong PIN: cashier-refusals.test.ts.)
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fieldErrorsFrom, invalidInput } from '../../db/field-errors.js';
import type { Store } from '../../db/store.js';
import { said } from '../../domain/i18n/said.js';
import { newSale } from '../../domain/new-sale.js';
import { act, freshStore, NOW, tradingRows } from '../helpers/shift-store.js';
import { checked, validSale } from '../helpers/sales.js';
import { french, german, refusal, spanish } from '../helpers/refusals.js';

let store: Store;
beforeEach(() => {
  store = freshStore();
});
afterEach(() => store.close());

describe('a refused sale', () => {
  it('says why in German and French, the total as a number, its English kept', () => {
    const before = tradingRows(store);
    const error = refusal(
      store.recordSale(checked(validSale({ tenderedMinor: 10 })), { now: NOW }),
    );
    expect(error).toEqual({
      code: 'invalid_input',
      message: 'The sale is not valid: /tenderedMinor: is less than the total (450)',
      summary: 'The sale is not valid',
      say: { key: 'store.saleNotValid' },
      fields: [
        {
          path: '/tenderedMinor',
          message: 'is less than the total (450)',
          say: { key: 'field.sale.lessThanTotal', values: { total: 450 } },
        },
      ],
    });
    expect(german.error(error)).toBe(
      'Der Verkauf ist nicht gültig: /tenderedMinor: ist weniger als die Summe (450)',
    );
    expect(french.error(error)).toBe(
      "La vente n'est pas valide: /tenderedMinor: est inférieur au total (450)",
    );
    expect(tradingRows(store)).toEqual(before);
  });

  it('names a method the till does not take, and a discount above the line, in Spanish', () => {
    const untaken = refusal(
      store.recordSale(checked(validSale({ paymentMethod: 'VOUCHER' })), { now: NOW }),
    );
    expect(spanish.error(untaken)).toBe(
      'La venta no es válida: /paymentMethod: debe ser uno de: CASH, MOBILE_MONEY, CARD',
    );
    const discounted = validSale();
    discounted.items[0] = { ...discounted.items[0]!, discount: { amountMinor: 251, reason: 'x' } };
    const tooMuch = refusal(store.recordSale(checked(discounted), { now: NOW }));
    expect(tooMuch.fields).toEqual([
      {
        path: '/items/0/discount/amountMinor',
        message: "must not be more than the line's total (2.50)",
        say: { key: 'field.discount.moreThanBase', values: { base: 'line', amount: '2.50' } },
      },
    ]);
    expect(german.say(tooMuch.fields![0]!)).toBe(
      'darf nicht mehr sein als die Summe der Position (2.50)',
    );
  });

  it('says each bad field of the input as the contract checks it, with the limits as numbers', () => {
    const parsed = newSale.safeParse({
      items: [{ productId: 'p'.repeat(129), quantity: 1.0001, unitPriceMinor: 10 ** 13 }],
      paymentMethod: '',
    });
    expect(parsed.success).toBe(false);
    const error = invalidInput(said('store.saleNotValid'), parsed.error!);
    expect(error.message).toBe(
      'The sale is not valid: /items/0/productId: must be at most 128 characters; ' +
        '/items/0/quantity: must have at most 3 decimal places; ' +
        '/items/0/unitPriceMinor: must be at most 1000000000000; /paymentMethod: must not be empty',
    );
    expect(german.error(error)).toBe(
      'Der Verkauf ist nicht gültig: /items/0/productId: darf höchstens 128 Zeichen lang sein; ' +
        '/items/0/quantity: darf höchstens 3 Nachkommastellen haben; ' +
        '/items/0/unitPriceMinor: darf höchstens 1.000.000.000.000 sein; ' +
        '/paymentMethod: darf nicht leer sein',
    );
    expect(french.say(fieldErrorsFrom(parsed.error!)[1]!)).toBe('doit avoir au plus 3 décimales');
  });
});

describe('a refused shift entry', () => {
  it('names the reason too long and the amount, in German and French', () => {
    const before = tradingRows(store);
    const long = refusal(
      store.shifts.addEntry({ kind: 'cash_out', amountMinor: -5, reason: 'x'.repeat(201) }, act()),
    );
    expect(long).toMatchObject({
      code: 'invalid_input',
      summary: 'The drawer entry is not valid',
      say: { key: 'store.drawerEntryNotValid' },
    });
    expect(long.fields).toEqual([
      {
        path: '/amountMinor',
        message: 'must not be negative',
        say: { key: 'field.mustNotBeNegative' },
      },
      {
        path: '/reason',
        message: 'must be at most 200 characters',
        say: { key: 'field.atMostCharacters', values: { max: 200 } },
      },
    ]);
    expect(german.error(long)).toBe(
      'Die Buchung der Kassenlade ist nicht gültig: /amountMinor: darf nicht negativ sein; ' +
        '/reason: darf höchstens 200 Zeichen lang sein',
    );
    expect(french.say(long.fields![1]!)).toBe('doit faire au plus 200 caractères');

    const nothing = refusal(
      store.shifts.addEntry({ kind: 'cash_in', amountMinor: 0, reason: 'float top-up' }, act()),
    );
    expect(german.error(nothing)).toBe(
      'Die Buchung der Kassenlade ist nicht gültig: /amountMinor: muss mehr als 0 sein',
    );
    expect(tradingRows(store)).toEqual(before);
  });

  it('says the shift already open with its time, and no Z report by its number', () => {
    expect(store.shifts.open({ floatMinor: 0 }, act()).ok).toBe(true);
    const again = refusal(store.shifts.open({ floatMinor: 0 }, act(NOW + 1)));
    expect(again.say?.key).toBe('store.shiftAlreadyOpen');
    expect(german.error(again)).toMatch(
      /^Auf dieser Kasse ist bereits eine Schicht offen \(seit .+\): schließen Sie sie/,
    );
    const missing = refusal(store.shifts.zReport(1234));
    expect(missing.message).toBe('There is no Z report 1234 on this till.');
    expect(french.error(missing)).toBe("Il n'y a pas de rapport Z 1234 sur cette caisse.");
  });
});

describe('the catalog and a refused sale set aside', () => {
  it('names each bad row of a catalog in German, the currencies as data', () => {
    const error = refusal(
      store.importCatalog({
        currency: 'EUR',
        products: [
          { id: 'p1', name: 'Bread', price: 1.005 },
          { id: 'p2', name: ' ', price: 1, barcode: 'bad code!' },
        ],
      }),
    );
    expect(error).toMatchObject({
      summary: 'The catalog was not imported',
      say: { key: 'store.catalogNotImported' },
    });
    expect(error.fields?.map((field) => [field.path, field.message, field.say?.key])).toEqual([
      ['/currency', 'is EUR, but this till sells in USD', 'field.catalog.otherCurrency'],
      [
        '/products/0/price',
        'has more decimal places than USD allows',
        'field.catalog.tooManyDecimals',
      ],
      ['/products/1/name', 'must not be empty', 'field.mustNotBeEmpty'],
      [
        '/products/1/barcode',
        'must be 1 to 64 letters, digits, dots, dashes or _',
        'field.catalog.barcode',
      ],
    ]);
    expect(german.error(error)).toBe(
      'Der Katalog wurde nicht importiert: /currency: ist EUR, aber diese Kasse verkauft in USD; ' +
        '/products/0/price: hat mehr Nachkommastellen, als USD erlaubt; ' +
        '/products/1/name: darf nicht leer sein; ' +
        '/products/1/barcode: muss aus 1 bis 64 Buchstaben, Ziffern, Punkten, Bindestrichen oder _ bestehen',
    );
  });

  it('asks why a sale is discarded, and says a sale that is not there', () => {
    const none = refusal(store.discardRefused('#99', { reason: ' ' }, NOW));
    expect(none.fields?.[0]).toEqual({
      path: '/reason',
      message: 'must say why the sale is discarded',
      say: { key: 'field.discard.reason' },
    });
    expect(french.error(none)).toBe(
      "La mise à l'écart n'est pas valide: /reason: doit indiquer pourquoi la vente est écartée",
    );
    const sale = store.recordSale(checked(), { now: NOW });
    const pending = refusal(store.discardRefused('#1', { reason: 'twice' }, NOW));
    expect(sale.ok && pending.message).toBe(
      'Sale #1 is pending, not refused: there is nothing to resolve.',
    );
    expect(german.say(pending)).toBe(
      'Verkauf #1 ist nicht abgelehnt (wartet): es gibt nichts zu klären.',
    );
    expect(spanish.say(pending)).toBe(
      'La venta #1 está pendiente, no rechazada: no hay nada que resolver.',
    );
    const missing = refusal(store.discardRefused('#99', { reason: 'twice' }, NOW));
    expect(missing.message).toBe('There is no sale #99.');
    expect(german.say(missing)).toBe('Es gibt keinen Verkauf #99.');
  });
});

describe('a write the disk refused', () => {
  it('says what to do in German, the action named as its caller gave it', () => {
    store.database.sqlite.pragma('query_only = ON');
    const error = refusal(store.recordSale(checked(), { now: NOW }));
    expect(error.say).toEqual({
      key: 'store.storageFailed',
      values: { action: 'Saving the sale', hint: 'readOnly' },
    });
    expect(german.say(error)).toBe(
      'Saving the sale ist fehlgeschlagen: der Datenordner kann nicht beschrieben werden ' +
        '(ein schreibgeschützter Datenträger oder seine Rechte). Beheben Sie das und versuchen ' +
        'Sie es erneut. Es wurde nichts halb geschrieben.',
    );
    store.database.sqlite.pragma('query_only = OFF');
  });
});

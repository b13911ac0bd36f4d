// Every field message the domain's schemas declare carries its catalog key: bad input for each
// schema is refused field by field, every field error has a `say` whose English is the message
// itself, and German, French and Spanish say it with the limits as numbers of the locale.
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { fieldErrorsFrom } from '../../db/field-errors.js';
import { cartContent, emptyCart } from '../../domain/cart.js';
import { newCashierInput, pinEntry } from '../../domain/cashier.js';
import { correctedSale } from '../../domain/corrected-sale.js';
import { discountSchema } from '../../domain/discount.js';
import { english, translator } from '../../domain/i18n/messages.js';
import { newSale } from '../../domain/new-sale.js';
import { platformUrlProblemSaid, platformUrlSchema } from '../../domain/platform-url.js';
import { newReturnInput, returnSearchInput } from '../../domain/returns.js';
import type { FieldError } from '../../domain/result.js';
import { settingsPatch } from '../../domain/settings.js';
import { drawerEntryInput, openShiftInput } from '../../domain/shift.js';
import { parseAmount, parseQuantity } from '../../domain/typed-amounts.js';
import { voidSaleInput } from '../../domain/void.js';

const german = translator('de-DE');
const french = translator('fr-FR');
const spanish = translator('es-ES');

/** Bad inputs for each schema a person's input goes through. */
const cases: Array<[string, z.ZodType, unknown[]]> = [
  [
    'a new cashier',
    newCashierInput,
    [
      { name: 7, pin: 1234, role: 'boss' },
      { name: '  ', pin: '12', role: 'cashier' },
      { name: 'N'.repeat(41), pin: '123456789' },
    ],
  ],
  ['a PIN entered', pinEntry, [{ cashierId: 'c1', pin: 'abcd' }]],
  [
    'a new sale',
    newSale,
    [
      {
        items: [
          { productId: 'a b', quantity: 0, unitPriceMinor: 12.5 },
          { productId: '', quantity: 1.0001, unitPriceMinor: -1, colour: 'red' },
          { productId: 7, quantity: 'two', price: 4.5 },
          { productId: 'p'.repeat(129), quantity: 2_000_000, unitPriceMinor: 10 ** 13 },
        ],
        paymentMethod: '',
        customerId: 7,
        discount: 5,
        tenderedMinor: '10',
      },
      { items: [], paymentMethod: 3 },
      { items: 'bread', paymentMethod: 'CASH' },
      {
        items: Array(501).fill({ productId: 'p', quantity: 1, unitPriceMinor: 1 }),
        paymentMethod: 'CASH',
      },
      {
        items: [
          { productId: 'p', quantity: 90_000, unitPriceMinor: 99_999_999_999 },
          { productId: 'p', quantity: 90_000, unitPriceMinor: 99_999_999_999 },
        ],
        paymentMethod: 'CASH',
      },
      {
        items: [{ productId: 'p', quantity: 1, unitPriceMinor: 100 }],
        paymentMethod: 'CARD',
        tenderedMinor: 500,
      },
    ],
  ],
  [
    'a corrected sale',
    correctedSale,
    [{ items: [{ productId: 'p', quantity: 1, unitPriceMinor: 1.5 }], paymentMethod: '' }],
  ],
  [
    'a discount',
    discountSchema,
    [
      { percent: 0, reason: '' },
      { percent: 101, reason: 'r'.repeat(201) },
      { percent: 12.345, reason: 'x' },
      { percent: 'ten', reason: 'x' },
      { amountMinor: 1.5, reason: 'x' },
      { amountMinor: 0, reason: 'x' },
      { amountMinor: 'a lot', reason: 'x' },
      { percent: 10, amountMinor: 100, reason: 'x' },
      { reason: 'x' },
      { percent: 10 },
      'ten percent',
    ],
  ],
  [
    'a return',
    newReturnInput,
    [
      { reason: '', lines: [], refund: 'voucher' },
      { reason: 7, lines: [{ lineNumber: 0, quantity: 1 }] },
      { reason: 'r'.repeat(201), lines: [{ lineNumber: 1.5, quantity: 1 }, { lineNumber: 'a' }] },
    ],
  ],
  [
    'a search for a sale to return',
    returnSearchInput,
    [
      { day: '14.03.2026', amountMinor: -1.5, customer: ' ' },
      { day: 14 },
      { amountMinor: 'x' },
      {},
    ],
  ],
  ['a void', voidSaleInput, [{}, { reason: ' ' }, { reason: 'r'.repeat(201) }]],
  ['names too long', settingsPatch, [{ tillName: 'T'.repeat(65), shopName: 'S'.repeat(65) }]],
  [
    'the settings',
    settingsPatch,
    [
      {
        currency: 'EURO',
        locale: 'xx_YY.UTF-8',
        paymentMethods: ['cash', 'CASH'],
        tillName: ' ',
        shopName: '',
        timeZone: 'Europe/Atlantis',
        receiptWidth: '72mm',
        printAfterSale: 'yes',
        printerAddress: 'lpt1',
        printerProfile: 'acme-9000',
        cashDrawer: 1,
        openDrawerAfterCash: 'no',
        confirmAboveAmount: -1,
        confirmAboveQuantity: 'many',
        backupsKept: -1,
        archiveAfterMonths: 121,
        blindClose: null,
        closeNoteAboveMinor: 1.5,
        managerCashOutAboveMinor: 1e13,
        managerDiscountAbovePercent: 20.5,
      },
      {
        locale: 5,
        paymentMethods: [],
        timeZone: 5,
        printerAddress: 5,
        confirmAboveAmount: 1e10,
        confirmAboveQuantity: 2e6,
        backupsKept: 366,
        archiveAfterMonths: -1,
        closeNoteAboveMinor: 'x',
        managerCashOutAboveMinor: -1,
        managerDiscountAbovePercent: 'x',
      },
      {
        paymentMethods: Array.from({ length: 21 }, (_, i) => `M${i}`),
        managerDiscountAbovePercent: 101,
      },
      { managerDiscountAbovePercent: -1, paymentMethods: ['CASH', 'CASH'] },
      { printerAddress: 'tcp://printer:99999' },
      { printerAddress: 'serial:///dev/ttyUSB0?baud=1234' },
      { printerAddress: 'serial:///dev/ttyUSB0?speed=9600' },
      { printerAddress: 'serial://nowhere' },
      { printerAddress: 'system://' },
      { printerAddress: 'tcp://' },
    ],
  ],
  ['a float', openShiftInput, [{ floatMinor: -1 }, { floatMinor: 1.5 }, { floatMinor: 'x' }]],
  [
    'a drawer entry',
    drawerEntryInput,
    [
      { kind: 'tip', amountMinor: 1e13, reason: '' },
      { kind: 'cash_in', amountMinor: 1, reason: 7 },
      { kind: 'cash_in', amountMinor: 1, reason: 'r'.repeat(201) },
    ],
  ],
  ['a saved cart', cartContent, [{ ...emptyCart('CASH'), locale: 'not a locale!' }]],
  [
    'the platform address',
    platformUrlSchema,
    ['ftp://x', 'http://platform.example.com', 'https://me:secret@platform.example.com'],
  ],
];

/** The field errors of an input a schema refuses. */
function refused(schema: z.ZodType, input: unknown): FieldError[] {
  const parsed = schema.safeParse(input);
  if (parsed.success) throw new Error(`accepted ${JSON.stringify(input)}`);
  return fieldErrorsFrom(parsed.error);
}

describe('field messages said with their key', () => {
  const seen = new Set<string>();

  it.each(cases)('every field of %s refused carries its key, English kept', (_, schema, inputs) => {
    for (const input of inputs) {
      const fields = refused(schema, input);
      expect(fields.length).toBeGreaterThan(0);
      expect(fields.filter((field) => field.say === undefined)).toEqual([]);
      for (const field of fields) {
        seen.add(field.say!.key);
        // The key's English is the message itself: JSON output and logs read it.
        expect(english.say(field)).toBe(field.message);
        // ...and German words are not English (a key missing from de would fall back).
        expect(german.say(field)).not.toBe(field.message);
      }
    }
  });

  it('reaches the field messages of every kind (the cases above are not a token few)', () => {
    expect(seen.size).toBeGreaterThanOrEqual(70);
    expect(seen).toContain('field.settings.noRepeatedMethod');
    expect(seen).toContain('field.mustBeLocale');
    // A printer address is refused with the printer's own words (printer.address.*).
    expect([...seen].filter((key) => !/^(field|printer)\./.test(key))).toEqual([]);
  });

  it('says the limits as numbers of the locale', () => {
    const [name] = refused(newCashierInput, { name: 'N'.repeat(41), pin: '1234' });
    expect([german.say(name!), french.say(name!), spanish.say(name!)]).toEqual([
      'darf höchstens 40 Zeichen lang sein',
      'doit faire au plus 40 caractères',
      'debe tener como máximo 40 caracteres',
    ]);
    const [shop] = refused(settingsPatch, { shopName: 'S'.repeat(65) });
    expect([shop!.message, german.say(shop!)]).toEqual([
      'must be at most 64 characters',
      'darf höchstens 64 Zeichen lang sein',
    ]);
    const big = refused(settingsPatch, { confirmAboveAmount: 1e10 })[0]!;
    expect(big.message).toBe('must be at most 1000000000');
    expect(german.say(big)).toBe('darf höchstens 1.000.000.000 sein');
    expect(french.say(big)).toBe('doit être au plus 1\u202f000\u202f000\u202f000');
    const decimals = refused(discountSchema, { percent: 12.345, reason: 'x' })[0]!;
    expect(decimals.message).toBe('must have at most 2 decimal places, like 12.5');
    expect(german.say(decimals)).toBe('darf höchstens 2 Nachkommastellen haben, z. B. 12,5');
    const both = refused(discountSchema, { percent: 10, amountMinor: 100, reason: 'x' })[0]!;
    expect(spanish.say(both)).toBe('indique un porcentaje o un importe, no ambos');
  });

  it('keeps the key of an address problem for the Settings screen', () => {
    const problem = platformUrlProblemSaid('http://platform.example.com');
    expect(problem?.message).toBe(
      'must use https (plain http is allowed only for 127.0.0.1, ::1 or localhost)',
    );
    expect(german.say(problem!)).toBe(
      'muss https verwenden (einfaches http nur für 127.0.0.1, ::1 oder localhost)',
    );
    expect(platformUrlProblemSaid('http://127.0.0.1:8080')).toBeNull();
  });

  it('says a printer address refused with the part that is wrong', () => {
    const [address] = refused(settingsPatch, { printerAddress: 'serial:///dev/ttyUSB0?baud=1234' });
    expect(address!.message).toBe(
      'The printer address "serial:///dev/ttyUSB0?baud=1234" has baud 1234; use one of 2400, 4800, 9600, 19200, 38400, 57600, 115200.',
    );
    expect(french.say(address!)).toBe(
      "L'adresse d'imprimante « serial:///dev/ttyUSB0?baud=1234 » a un débit baud 1234 ; utilisez l'une des valeurs 2400, 4800, 9600, 19200, 38400, 57600, 115200.",
    );
  });

  it('says an amount or a quantity typed wrong, the field named as the caller gives it', () => {
    const amount = parseAmount('zwei Euro', { locale: 'de-DE', currency: 'EUR', field: 'Gegeben' });
    if (amount.ok) throw new Error('accepted');
    expect(amount.error.message).toBe(
      'Gegeben is not an amount (you typed "zwei Euro"): write it like 52,50',
    );
    expect(german.say(amount.error)).toBe(
      'Gegeben ist kein Betrag (Sie haben „zwei Euro“ eingegeben): schreiben Sie ihn wie 52,50',
    );
    const quantity = parseQuantity('0,0005', 'fr-FR', 'Quantité');
    if (quantity.ok) throw new Error('accepted');
    expect(quantity.error.message).toBe('At most 3 decimal places');
    expect(french.say(quantity.error)).toBe('Au plus 3 décimales');
    const yen = parseAmount('1.5', { locale: 'es-ES', currency: 'JPY', field: '--float' });
    expect(!yen.ok && spanish.say(yen.error)).toBe(
      '--float tiene decimales (1.5), pero JPY no tiene subunidad: indique JPY enteros, como 52',
    );
  });
});

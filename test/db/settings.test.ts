import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openStore, type Store } from '../../db/store.js';
import { tempDir } from '../helpers/temp-dir.js';

let store: Store;
beforeEach(() => {
  store = openStore(join(tempDir(), 'tillsync.db'));
});
afterEach(() => store.close());

describe('settings', () => {
  it('start from defaults', () => {
    expect(store.settings.read()).toEqual({
      currency: 'USD',
      locale: null,
      paymentMethods: ['CASH', 'MOBILE_MONEY'],
      shopId: null,
      tillName: 'Till 1',
      shopName: 'My shop',
      timeZone: null,
      receiptWidth: '80mm',
      printAfterSale: false,
      printerAddress: null,
      printerProfile: 'epson-tm-t20iii',
      cashDrawer: false,
      openDrawerAfterCash: true,
      confirmAboveAmount: 1000,
      confirmAboveQuantity: 100,
      backupsKept: 7,
      archiveAfterMonths: 13,
      blindClose: false,
      closeNoteAboveMinor: 500,
      managerCashOutAboveMinor: 5000,
      managerDiscountAbovePercent: 20,
    });
  });

  it('change only the settings a patch names', () => {
    store.settings.update({ tillName: 'Front till', backupsKept: 3 });
    store.settings.update({ shopName: 'Corner Grocer' });
    expect(store.settings.read()).toMatchObject({
      tillName: 'Front till',
      backupsKept: 3,
      shopName: 'Corner Grocer',
    });
  });

  it('save a valid change and keep it across reopening', () => {
    const updated = store.settings.update({ currency: 'KES', tillName: 'Front till' });
    expect(updated.ok && updated.value).toMatchObject({ currency: 'KES', tillName: 'Front till' });
    const file = store.file;
    store.close();
    store = openStore(file);
    expect(store.settings.read()).toMatchObject({ currency: 'KES', tillName: 'Front till' });
  });

  it('refuse an invalid change whole, naming each field, and change nothing', () => {
    const result = store.settings.update({
      currency: 'XYZ',
      paymentMethods: [],
      tillName: 'Back',
      backupsKept: 1.5,
      colour: 'red',
    });
    expect(!result.ok && result.error.fields?.map((field) => field.path)).toEqual([
      '/currency',
      '/paymentMethods',
      '/backupsKept',
      '/colour',
    ]);
    expect(store.settings.read().tillName).toBe('Till 1');
  });

  it("keep a time zone in the zone's own spelling, refuse one that is not a zone, and clear it", () => {
    const bad = store.settings.update({ timeZone: 'Europe/Atlantis', tillName: 'Back' });
    expect(!bad.ok && bad.error.fields).toEqual([
      {
        path: '/timeZone',
        message: 'must be a time zone like Europe/Berlin',
        say: { key: 'field.settings.timeZone' },
      },
    ]);
    expect(store.settings.read()).toMatchObject({ timeZone: null, tillName: 'Till 1' });
    const wrongType = store.settings.update({ timeZone: 5 });
    expect(!wrongType.ok && wrongType.error.fields?.map((field) => field.path)).toEqual([
      '/timeZone',
    ]);

    const set = store.settings.update({ timeZone: ' europe/berlin ' });
    expect(set.ok && set.value.timeZone).toBe('Europe/Berlin');
    expect(store.settings.read().timeZone).toBe('Europe/Berlin');
    store.settings.update({ timeZone: null });
    expect(store.settings.read().timeZone).toBeNull();
  });

  it('keep a locale in its canonical form, refuse one no runtime knows, and clear it to null', () => {
    expect(store.settings.update({ locale: ' de-de ' })).toMatchObject({
      ok: true,
      value: { locale: 'de-DE' },
    });
    const refused = store.settings.update({ locale: 'de_DE.UTF-8' });
    expect(!refused.ok && refused.error.fields).toEqual([
      {
        path: '/locale',
        message: 'must be a language and region this till knows, like en-US, de-DE or fr-FR',
        say: { key: 'field.settings.knownLocale' },
      },
    ]);
    expect(store.settings.read().locale).toBe('de-DE');
    expect(store.settings.update({ locale: null })).toMatchObject({ value: { locale: null } });
  });

  it('refuse a printer address not in a form it knows and a printer it has no profile for', () => {
    const result = store.settings.update({
      printerAddress: 'lpt1',
      printerProfile: 'acme-9000',
      cashDrawer: true,
    });
    expect(!result.ok && result.error.fields).toEqual([
      {
        path: '/printerAddress',
        message:
          'The printer address "lpt1" is not one of tcp://HOST:9100, serial:///dev/ttyUSB0?baud=9600 or system://QUEUE.',
        say: {
          key: 'printer.address.notAForm',
          values: {
            text: 'lpt1',
            forms: 'tcp://HOST:9100, serial:///dev/ttyUSB0?baud=9600 or system://QUEUE',
          },
        },
      },
      {
        path: '/printerProfile',
        message: 'must be one of the printers listed in Settings',
        say: { key: 'field.settings.printerProfile' },
      },
    ]);
    expect(store.settings.read()).toMatchObject({ printerAddress: null, cashDrawer: false });
    const saved = store.settings.update({
      printerAddress: ' tcp://10.0.0.5 ',
      printerProfile: 'pos-5890',
    });
    expect(saved.ok && saved.value).toMatchObject({
      printerAddress: 'tcp://10.0.0.5',
      printerProfile: 'pos-5890',
    });
  });

  it('fall back to the default when a stored value is damaged', () => {
    store.database.sqlite
      .prepare(
        `insert into settings (key, value, updated_at) values ('currency', '{not json', 0), ('paymentMethods', '[]', 0)`,
      )
      .run();
    expect(store.settings.read()).toMatchObject({
      currency: 'USD',
      paymentMethods: ['CASH', 'MOBILE_MONEY'],
    });
  });
});

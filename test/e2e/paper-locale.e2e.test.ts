// Receipts on paper in the till's language, in Chromium against a real sandbox: a till set
// to de-DE (EUR) prints "Beleg Nr.", "Summe", "Rückgeld" with German money and dates; set to
// fr-FR it prints "Ticket n°", "Monnaie rendue". Printed to PDF at the roll's width and read
// back with pdftotext, as the English receipts are (receipts.e2e.test.ts). With a printer
// that refuses, the Till screen's notice and Settings' printer form speak German too.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_PRODUCTS } from '../../sandbox/seed-data.js';
import { axeViolations, chromiumAvailable, requireChromiumInCi } from '../helpers/browser.js';
import { artifactsFolder } from '../helpers/artifacts.js';
import { decodeEscPos } from '../helpers/escpos-decode.js';
import { fakePrinter } from '../helpers/fake-printer.js';
import { printerBackAtRetry } from '../helpers/printer-retry.js';
import { fitsTheRoll, printedText } from '../helpers/paper.js';
import { printedBarcode } from '../helpers/printed-barcode.js';
import { startTillInBrowser, type TillInBrowser } from '../helpers/till-in-browser.js';

const ARTIFACTS = artifactsFolder('paper-locale');
requireChromiumInCi();

let till: TillInBrowser | undefined;
let page: TillInBrowser['page'];
const loaf = SEED_PRODUCTS[0]!; // 4.50

/** A cash sale of one loaf, 5 tendered; the printable receipt's text as pdftotext reads it. */
async function sellAndPrint(name: string): Promise<{ number: string; text: string }> {
  await page.keyboard.type(`${loaf.barcode}\n`);
  await page.locator('.cart tr[data-product]').first().waitFor();
  await page.keyboard.press('F9');
  await page.keyboard.type('5');
  await page.keyboard.press('Enter');
  const number = (await page.getByTestId('receipt-number').textContent())!.replace(/\D/g, '');
  const text = (await printedText(page, ARTIFACTS, name, '80mm')).replace(/[\u00a0\u202f]/g, ' ');
  expect(await fitsTheRoll(page)).toBe(true);
  return { number, text };
}

describe.skipIf(!chromiumAvailable)("receipts in the till's language (Chromium)", () => {
  beforeAll(async () => {
    till = await startTillInBrowser('paper-locale', { pollIntervalMs: 200, debounceMs: 50 });
    page = till.page;
    till.runtime.store.settings.update({
      shopName: 'Bäckerei Groß',
      currency: 'EUR',
      locale: 'de-DE',
      timeZone: 'Europe/Berlin',
    });
    await page.addInitScript('window.print = () => {}');
    await page.reload();
    await page.locator('#product-search').waitFor();
  }, 60_000);

  afterAll(() => till?.close());

  it('de-DE: a German receipt with German money and date', async () => {
    await till!.sandbox.faults.set('outage=refuse'); // the sale waits on the till
    const { number, text } = await sellAndPrint('receipt-de');
    for (const expected of [
      'Bäckerei Groß',
      `Beleg Nr. ${number}`,
      '1 × 4,50 €',
      'Summe 4,50 €',
      'Bezahlt mit Bargeld 5,00 €',
      'Rückgeld 0,50 €',
      'noch nicht auf der Plattform',
    ])
      expect(text).toContain(expected);
    expect(text).toMatch(/\d\d\.\d\d\.20\d\d \d\d:\d\d/);
    expect(text).not.toMatch(/Receipt|Total|Change|Paid by/);
    expect((await printedBarcode(page)).label).toBe(`Barcode des Belegs TSR${number}`);
    expect(await axeViolations(page)).toEqual([]);
  });

  it('fr-FR: the next receipt is French once the setting says so', async () => {
    till!.runtime.store.settings.update({ locale: 'fr-FR', timeZone: 'Europe/Paris' });
    await page.reload();
    await page.locator('#product-search').waitFor();
    const { number, text } = await sellAndPrint('receipt-fr');
    for (const expected of [
      `Ticket n° ${number}`,
      'Total 4,50 €',
      'Payé en espèces 5,00 €',
      'Monnaie rendue 0,50 €',
    ])
      expect(text).toContain(expected);
    expect(text).toMatch(/\d\d\/\d\d\/20\d\d \d\d:\d\d/);
  });

  it('de-DE: a refusing printer is said in German on the Till screen and in Settings', async () => {
    const printer = await fakePrinter();
    await printer.behave('refuse');
    till!.runtime.store.settings.update({
      locale: 'de-DE',
      timeZone: 'Europe/Berlin',
      printerAddress: printer.text,
      printAfterSale: true,
    });
    await page.reload();
    await page.locator('#product-search').waitFor();
    await page.keyboard.type(`${loaf.barcode}\n`);
    await page.locator('.cart tr[data-product]').first().waitFor();
    await page.keyboard.press('F9');
    await page.keyboard.type('5');
    await page.keyboard.press('Enter');
    const number = (await page.getByTestId('receipt-number').textContent())!.replace(/\D/g, '');
    const notice = page.getByTestId('printer-notice');
    const poll = <T>(read: () => T) => expect.poll(read, { timeout: 15_000 });
    await poll(() => notice.textContent()).toContain(
      'Drucker druckt nicht: 1 Druckauftrag wartet.',
    );
    await poll(() => notice.textContent()).toMatch(/Neuer Versuch in \d+ s\./);
    expect(await notice.textContent()).toContain(`Der Drucker unter ${printer.text}`);
    expect(
      await notice.getByRole('list', { name: 'Wartet auf den Druck' }).textContent(),
    ).toContain(`Beleg Nr. ${number}`);
    expect(await axeViolations(page)).toEqual([]);

    await page.getByRole('tab', { name: /^(Settings|Einstellungen)/ }).click();
    await poll(() => page.locator('#printer-title').textContent()).toBe(
      'Bondrucker und Kassenlade',
    );
    await poll(() => page.getByTestId('printer-state').textContent()).toMatch(
      new RegExp(`^${printer.text.replace(/[.:/]/g, '\\$&')}: Der Drucker unter`),
    );
    expect(await page.getByLabel('Druckeradresse').inputValue()).toBe(printer.text);

    await printerBackAtRetry(page, printer);
    await page.getByRole('tab', { name: /^(Till|Kasse)/ }).click();
    await page.getByRole('button', { name: 'Jetzt erneut versuchen', exact: true }).click();
    await poll(() => decodeEscPos(printer.printed(), 'epson-tm-t20iii').cuts).toBe(1);
    const printed = decodeEscPos(printer.printed(), 'epson-tm-t20iii').lines.join('\n');
    expect(printed.replace(/[\u00a0\u202f]/g, ' ')).toMatch(/Rückgeld +0,50 €/);
  });
});

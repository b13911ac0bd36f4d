// `tillsync doctor` on the receipt printer: none set is fine; one that answers says how it
// is; out of paper is a warning, one that refuses a failure with what to do; receipts still
// waiting for it are named.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Store } from '../../db/store.js';
import { checkPrinter } from '../../main/doctor/printer-check.js';
import { fakePrinter } from '../helpers/fake-printer.js';
import { freshStore, NOW } from '../helpers/shift-store.js';
import { tempDir } from '../helpers/temp-dir.js';

let store: Store;
beforeEach(() => {
  store = freshStore();
});
afterEach(() => store.close());

const check = (env: NodeJS.ProcessEnv = {}) => checkPrinter(store, tempDir(), env);

describe('the doctor on the printer', () => {
  it('none set, ready, out of paper, refusing, an address in no known form', async () => {
    expect(await check()).toEqual([
      {
        area: 'printer',
        status: 'ok',
        detail: 'none set: receipts print through the print dialog',
      },
    ]);
    const printer = await fakePrinter();
    const env = { TILLSYNC_PRINTER: printer.text };
    expect(await check(env)).toEqual([
      { area: 'printer', status: 'ok', detail: `${printer.text}: Ready` },
    ]);
    printer.setStatus({ paper: 'out' });
    expect(await check(env)).toEqual([
      {
        area: 'printer',
        status: 'warn',
        detail: `${printer.text}: The printer is out of paper: put in a new roll.`,
        fix: 'Receipts wait until it is ready.',
      },
    ]);
    await printer.behave('refuse');
    const [refused] = await check(env);
    expect(refused?.status).toBe('fail');
    expect(refused?.detail).toMatch(/refused the connection/);
    const [bad] = await check({ TILLSYNC_PRINTER: 'lpt1' });
    expect(bad?.status).toBe('fail');
    expect(bad?.detail).toMatch(/^TILLSYNC_PRINTER: The printer address "lpt1"/);
  });

  it('names the receipts still waiting', async () => {
    const printer = await fakePrinter();
    store.addPrintJob({ kind: 'test' }, NOW);
    store.addPrintJob({ kind: 'drawer', openDrawer: true, reason: 'No sale: float' }, NOW);
    const checks = await check({ TILLSYNC_PRINTER: printer.text });
    expect(checks[1]).toMatchObject({
      status: 'warn',
      detail: '2 print jobs waiting (Test page, Open the drawer (No sale: float))',
    });
  });
});

import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { addProduct, emptyCart } from '../../domain/cart.js';
import { openStore } from '../../db/store.js';
import { runCli } from '../helpers/cli.js';
import { rowCounts, validSale } from '../helpers/sales.js';
import { tempDir } from '../helpers/temp-dir.js';
import { sandboxStoreOf } from '../helpers/platform-till.js';

const envFor = (dataDir: string) => ({ TILLSYNC_DATA_DIR: dataDir });

describe('tillsync record', () => {
  it('records a sale from standard input and prints its sale id, receipt number, state and till', async () => {
    const dataDir = tempDir();
    const run = await runCli(['record'], {
      input: JSON.stringify(validSale()),
      env: envFor(dataDir),
    });
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const printed = JSON.parse(run.stdout) as {
      saleId: string;
      receiptNumber: number;
      state: string;
    };
    // Nothing configured: the till is in sandbox mode, and so is the sale, as in the app.
    expect(printed).toMatchObject({
      receiptNumber: 1,
      state: 'pending',
      till: { mode: 'sandbox', database: sandboxStoreOf(dataDir) },
    });
    const store = openStore(sandboxStoreOf(dataDir));
    expect(store.getSale(printed.saleId)?.totalMinor).toBe(450);
    store.close();
    expect(existsSync(join(dataDir, 'tillsync.db'))).toBe(false);
  });

  it('records a sale from --file, into the folder given by --data-dir', async () => {
    const dataDir = tempDir();
    const file = join(tempDir(), 'sale.json');
    writeFileSync(file, JSON.stringify(validSale({ paymentMethod: 'MOBILE_MONEY' })));
    const run = await runCli(['--data-dir', dataDir, 'record', '--file', file], {
      env: envFor('/nonexistent/ignored'),
    });
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({ receiptNumber: 1 });
  });

  it('prints every bad field to stderr, exits 2 and writes nothing', async () => {
    const dataDir = tempDir();
    const input = JSON.stringify({
      items: [{ productId: 'a b', quantity: -1, unitPriceMinor: 1.25 }],
      paymentMethod: 'CASH',
      tenderedMinor: '10',
    });
    const run = await runCli(['record'], { input, env: envFor(dataDir) });
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain(
      '/items/0/productId: must not contain spaces or control characters',
    );
    expect(run.stderr).toContain('/items/0/quantity: must be greater than 0');
    expect(run.stderr).toContain(
      '/items/0/unitPriceMinor: must be a whole number of minor units, like 1250 for 12.50',
    );
    expect(run.stderr).toContain('/tenderedMinor: must be a number');
    // A method this till does not take is named once the sale itself is right.
    const card = await runCli(['record'], {
      input: JSON.stringify(validSale({ paymentMethod: 'CARD' })),
      env: envFor(dataDir),
    });
    expect(card.code).toBe(2);
    expect(card.stderr).toContain('/paymentMethod: must be one of CASH, MOBILE_MONEY');
    const store = openStore(sandboxStoreOf(dataDir));
    expect(rowCounts(store.database.sqlite).sales).toBe(0);
    store.close();
  });

  it('explains input that is not JSON, or missing, and exits 2', async () => {
    const dataDir = tempDir();
    const notJson = await runCli(['record'], { input: '{"items": [', env: envFor(dataDir) });
    expect(notJson.code).toBe(2);
    expect(notJson.stderr).toMatch(/standard input is not valid JSON/);
    const empty = await runCli(['record'], { input: '', env: envFor(dataDir) });
    expect(empty.code).toBe(2);
    expect(empty.stderr).toMatch(/standard input is empty/);
    const missing = await runCli(['record', '--file', join(dataDir, 'nope.json')], {
      env: envFor(dataDir),
    });
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/Cannot read .*nope\.json/);
  });
});

describe('tillsync status and sales list', () => {
  it('prints the counts per state as JSON', async () => {
    const dataDir = tempDir();
    await runCli(['record'], { input: JSON.stringify(validSale()), env: envFor(dataDir) });
    await runCli(['record'], { input: JSON.stringify(validSale()), env: envFor(dataDir) });
    const run = await runCli(['status', '--json'], { env: envFor(dataDir) });
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({
      database: sandboxStoreOf(dataDir),
      till: { mode: 'sandbox', database: sandboxStoreOf(dataDir) },
      counts: { pending: 2, sending: 0, synced: 0, refused: 0, discarded: 0, voided: 0 },
      sync: { mode: 'not_configured', link: 'not_configured', apiKey: { set: false }, stale: 0 },
    });
    const text = await runCli(['status'], { env: envFor(dataDir) });
    expect(text.stdout).toContain(`  till       sandbox mode, ${sandboxStoreOf(dataDir)}\n`);
  });

  it('counts the sales held at the counter, as text and as JSON', async () => {
    const dataDir = tempDir();
    mkdirSync(join(dataDir, 'sandbox'), { recursive: true });
    const store = openStore(sandboxStoreOf(dataDir));
    const product = {
      id: 'p',
      name: 'Bread',
      priceMinor: 100,
      category: null,
      barcode: null,
    };
    const cart = addProduct(emptyCart('CASH'), product);
    const heldAt = Date.now() - 14 * 60_000;
    store.holdCart(cart, 'red coat', heldAt);
    store.holdCart(cart, '', heldAt + 60_000);
    store.close();
    const json = await runCli(['status', '--json'], { env: envFor(dataDir) });
    expect(JSON.parse(json.stdout)).toMatchObject({ held: { count: 2, oldestAt: heldAt } });
    const text = await runCli(['status'], { env: envFor(dataDir) });
    expect(text.stdout).toContain(
      '  held       2 sales on hold at the counter, the oldest held 14 min ago\n',
    );
  });

  it('reads the key saved at the console, as the app and the doctor do', async () => {
    const dataDir = tempDir();
    writeFileSync(join(dataDir, 'api-key'), 'saved-in-the-console');
    const run = await runCli(['status', '--json'], {
      env: { ...envFor(dataDir), TILLSYNC_BASE_URL: 'https://api.example.com' },
    });
    expect(JSON.parse(run.stdout)).toMatchObject({
      till: { mode: 'platform', database: join(dataDir, 'tillsync.db') },
      sync: { mode: 'platform', apiKey: { set: true } },
    });
  });

  it('still shows the status when the configuration is not valid, and says so', async () => {
    const dataDir = tempDir();
    writeFileSync(join(dataDir, 'config.json'), '{"baseUrl": ');
    const run = await runCli(['status'], { env: envFor(dataDir) });
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(
      `  till       mode not known (the configuration is not valid), ${join(dataDir, 'tillsync.db')}`,
    );
    expect(run.stdout).toMatch(/ {2}config {5}.*config\.json is not valid JSON/);
    // Any other command stops: it cannot tell which store is the till's.
    const day = await runCli(['day'], { env: envFor(dataDir) });
    expect(day.code).toBe(2);
    expect(day.stderr).toMatch(/config\.json is not valid JSON/);
  });

  it('lists sales as JSON and as text, and refuses a bad option with exit 2', async () => {
    const dataDir = tempDir();
    await runCli(['record'], { input: JSON.stringify(validSale()), env: envFor(dataDir) });
    const json = await runCli(['sales', 'list', '--json', '--state', 'pending'], {
      env: envFor(dataDir),
    });
    const listed = JSON.parse(json.stdout) as {
      sales: Array<{ receiptNumber: number; totalMinor: number }>;
    };
    expect(listed.sales.map((sale) => [sale.receiptNumber, sale.totalMinor])).toEqual([[1, 450]]);
    const text = await runCli(['sales', 'list'], { env: envFor(dataDir) });
    expect(text.stdout).toMatch(/#1 .* 4\.50 USD {2}CASH {10}pending/);
    const bad = await runCli(['sales', 'list', '--from', '2026-02-30', '--state', 'lost'], {
      env: envFor(dataDir),
    });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('/from: must be a date like 2026-11-21');
    expect(bad.stderr).toContain('/state:');
  });

  it('refuses a data file that is not a database with exit 3, naming the file', async () => {
    const dataDir = tempDir();
    mkdirSync(join(dataDir, 'sandbox'));
    writeFileSync(sandboxStoreOf(dataDir), 'not a database');
    const run = await runCli(['status'], { env: envFor(dataDir) });
    expect(run.code).toBe(3);
    expect(run.stderr).toContain(sandboxStoreOf(dataDir));
    expect(run.stderr).toMatch(/left it untouched/);
  });

  it('exits 2 on an unknown command', async () => {
    const run = await runCli(['fly'], { env: envFor(tempDir()) });
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/unknown command 'fly'/);
  });

  it('tells a script using a renamed command its new name, and runs nothing', async () => {
    const run = await runCli(['conflicts', 'retry', '3'], { env: envFor(tempDir()) });
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/`tillsync conflicts` is now `tillsync refused`/);
  });
});

describe('tillsync settings', () => {
  it('shows the defaults, changes several settings at once, and the next sale follows them', async () => {
    const env = envFor(tempDir());
    const shown = await runCli(['settings', '--json'], { env });
    expect(JSON.parse(shown.stdout)).toMatchObject({
      currency: 'USD',
      paymentMethods: ['CASH', 'MOBILE_MONEY'],
    });
    const set = await runCli(
      [
        'settings',
        'set',
        '--currency',
        'KES',
        '--payment-methods',
        'CASH, M_PESA',
        '--shop-id',
        'shop_1',
        '--json',
      ],
      { env },
    );
    expect(set.code).toBe(0);
    expect(JSON.parse(set.stdout)).toMatchObject({
      currency: 'KES',
      paymentMethods: ['CASH', 'M_PESA'],
      shopId: 'shop_1',
    });
    const sale = await runCli(['record'], {
      input: JSON.stringify(validSale({ paymentMethod: 'M_PESA' })),
      env,
    });
    expect(sale.code).toBe(0);
    const listed = await runCli(['sales', 'list', '--json'], { env });
    const { sales } = JSON.parse(listed.stdout) as { sales: unknown[] };
    expect(sales[0]).toMatchObject({
      currency: 'KES',
      shopId: 'shop_1',
      paymentMethod: 'M_PESA',
    });
  });

  it('refuses an invalid value, names it, exits 2 and changes nothing', async () => {
    const env = envFor(tempDir());
    const run = await runCli(
      ['settings', 'set', '--currency', 'EURO', '--till-name', 'Back till'],
      { env },
    );
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('/currency: must be a three-letter ISO 4217 currency code');
    const shown = await runCli(['settings', '--json'], { env });
    expect(JSON.parse(shown.stdout)).toMatchObject({ currency: 'USD', tillName: 'Till 1' });
  });

  it('sets how many daily backups to keep, 0 to turn them off, and refuses more than 365', async () => {
    const env = envFor(tempDir());
    const off = await runCli(['settings', 'set', '--backups-kept', '0'], { env });
    expect(off.code).toBe(0);
    expect(off.stdout).toContain('backups kept      0 (daily backups off)');
    const tooMany = await runCli(['settings', 'set', '--backups-kept', '400'], { env });
    expect(tooMany.code).toBe(2);
    expect(tooMany.stderr).toContain('/backupsKept: must be at most 365');
    const shown = await runCli(['settings', '--json'], { env });
    expect(JSON.parse(shown.stdout)).toMatchObject({ backupsKept: 0 });
  });
});

// Which printer a process uses: a --printer flag, then TILLSYNC_PRINTER (the environment,
// then tillsync.env in the data folder), then Settings; a bad address names where it was set.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { settingsSchema } from '../../domain/settings.js';
import { printerSetup, salePrintingOf } from '../../main/printing/printer-setup.js';
import { tempDir } from '../helpers/temp-dir.js';

const settings = (patch: object = {}) => settingsSchema.parse(patch);

describe('the printer a process uses', () => {
  it('none set: receipts go through the dialog and nothing opens the drawer', () => {
    const setup = printerSetup(settings({ printAfterSale: true, cashDrawer: true }), { env: {} });
    expect(setup).toMatchObject({ ok: true, value: { address: null, setBy: null } });
    expect(salePrintingOf(setup.ok ? setup.value : null)).toEqual({
      receipt: false,
      drawerOnCash: false,
      drawer: false,
    });
  });

  it('Settings, then tillsync.env, then the environment, then the flag', () => {
    const dataDir = tempDir();
    const fromSettings = settings({ printerAddress: 'tcp://settings' });
    const at = (sources: Parameters<typeof printerSetup>[1]) => {
      const setup = printerSetup(fromSettings, sources);
      return setup.ok ? [setup.value.address, setup.value.setBy] : setup.error.message;
    };
    expect(at({ env: {}, dataDir })).toEqual([{ kind: 'tcp', host: 'settings', port: 9100 }, null]);
    writeFileSync(join(dataDir, 'tillsync.env'), 'TILLSYNC_PRINTER=tcp://file:9101\n');
    expect(at({ env: {}, dataDir })).toEqual([
      { kind: 'tcp', host: 'file', port: 9101 },
      'TILLSYNC_PRINTER in tillsync.env',
    ]);
    const env = { TILLSYNC_PRINTER: 'serial:///dev/ttyS0?baud=19200' };
    expect(at({ env, dataDir })).toEqual([
      { kind: 'serial', path: '/dev/ttyS0', baudRate: 19200 },
      'TILLSYNC_PRINTER',
    ]);
    expect(at({ env, dataDir, flag: 'system://Front' })).toEqual([
      { kind: 'system', queue: 'Front' },
      '--printer',
    ]);
  });

  it('a bad TILLSYNC_PRINTER is an error naming it and the forms allowed', () => {
    const setup = printerSetup(settings(), { env: { TILLSYNC_PRINTER: 'usb' } });
    expect(setup).toEqual({
      ok: false,
      error: {
        code: 'invalid_printer',
        message:
          'TILLSYNC_PRINTER: The printer address "usb" is not one of tcp://HOST:9100, serial:///dev/ttyUSB0?baud=9600 or system://QUEUE.',
      },
    });
  });

  it('what a sale does with a printer: the receipt when asked, the drawer only when one is set up', () => {
    const of = (patch: object) => {
      const setup = printerSetup(settings({ printerAddress: 'tcp://p', ...patch }), { env: {} });
      return salePrintingOf(setup.ok ? setup.value : null);
    };
    expect(of({})).toEqual({ receipt: false, drawerOnCash: false, drawer: false });
    expect(of({ printAfterSale: true, cashDrawer: true })).toEqual({
      receipt: true,
      drawerOnCash: true,
      drawer: true,
    });
    expect(of({ cashDrawer: true, openDrawerAfterCash: false })).toEqual({
      receipt: false,
      drawerOnCash: false,
      drawer: true,
    });
  });
});

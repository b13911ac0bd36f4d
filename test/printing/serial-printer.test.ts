import { describe, expect, it } from 'vitest';
import { open, problemOf } from '../helpers/printer-links.js';
import { serialPiece } from '../../main/printing/serial-printer.js';
import { READY } from '../helpers/fake-printer.js';
import { fakeSerialPrinter } from '../helpers/fake-serial-printer.js';

// A serial printer behind a pseudo-terminal pair made by socat: the link opens one end as
// it would /dev/ttyUSB0, the fake printer reads and answers on the other.
const RECEIPT = Buffer.concat([
  Buffer.from([0x1b, 0x40]),
  Buffer.from('Corner Shop\nTea               1.80\n', 'latin1'),
  Buffer.from([0x1b, 0x70, 0x00, 0x19, 0xfa]), // ESC p: the drawer pulse
  Buffer.from([0x1d, 0x56, 0x41, 0x03]),
]);

describe('serial printer (serial://), through a socat pseudo-terminal', () => {
  it('sends a job whole and reads the status over the same port', async () => {
    const printer = await fakeSerialPrinter({ baudRate: 19200 });
    expect(printer.text).toMatch(/^serial:\/\/\/.+\/printer\?baud=19200$/);
    const link = await open(printer.address);
    expect(await link.status()).toEqual(READY);
    const job = Buffer.concat([RECEIPT, Buffer.alloc(20_000, 0x42)]);
    await link.write(job);
    printer.setStatus({ paper: 'out' });
    expect(await link.status()).toEqual({ ...READY, online: false, paper: 'out' });
    expect(printer.printed().toString('latin1')).toBe(job.toString('latin1'));
    expect(printer.device.queries).toHaveLength(6);
  });

  it('reads the cover open and the drawer open', async () => {
    const printer = await fakeSerialPrinter({ status: { coverOpen: true, drawerOpen: true } });
    const link = await open(printer.address);
    expect(await link.status()).toEqual({
      online: false,
      coverOpen: true,
      paper: 'ok',
      drawerOpen: true,
    });
  });

  it('says garbage, then no_answer, as the printer misbehaves', async () => {
    const printer = await fakeSerialPrinter();
    const link = await open(printer.address, 300);
    printer.behave('garbage');
    expect((await problemOf(link.status())).problem.code).toBe('garbage');
    printer.behave('silent');
    const silent = await problemOf(link.status());
    expect(silent.problem.code).toBe('no_answer');
    expect(silent.ms).toBeLessThan(1500);
    printer.behave('normal');
    expect(await link.status()).toEqual(READY);
  });

  it('says unreachable for a port that does not exist, naming the address', async () => {
    const address = { kind: 'serial', path: '/dev/ttyNO-SUCH-PRINTER', baudRate: 9600 } as const;
    const { problem, ms } = await problemOf(open(address));
    expect(problem.code).toBe('unreachable');
    expect(problem.message).toBe(
      'The printer at serial:///dev/ttyNO-SUCH-PRINTER?baud=9600 does not answer (no port by that name: check the cable): check that it is on and connected (network or cable), and the printer address in Settings.',
    );
    expect(ms).toBeLessThan(1000);
  });

  it('times out a printer that stops reading mid-job', async () => {
    const printer = await fakeSerialPrinter();
    const link = await open(printer.address, 400);
    await link.write(RECEIPT);
    printer.behave('stall');
    const { problem, ms } = await problemOf(link.write(Buffer.alloc(4 * 1024 * 1024, 0x41)));
    expect(problem.code).toBe('timeout');
    expect(problem.message).toMatch(/stopped taking the receipt \(\d+ of 4194304 bytes taken/);
    expect(ms).toBeGreaterThanOrEqual(390);
    expect(ms).toBeLessThan(3000);
  });

  it('fails what waits when the cable is pulled, at once', async () => {
    const printer = await fakeSerialPrinter();
    const link = await open(printer.address, 10_000);
    await link.write(RECEIPT);
    printer.behave('silent');
    const asking = problemOf(link.status());
    await printer.device.waitFor(() => printer.device.queries.length > 0);
    await printer.unplug();
    const { problem, ms } = await asking;
    expect(problem.code).toBe('unreachable');
    expect(ms).toBeLessThan(3000);
  });

  it('sends in pieces a slow line carries well within the timeout', () => {
    // 9600 baud is about 960 bytes a second: 3 s carry 2880, a quarter of that per piece.
    expect(serialPiece(9600, 3000)).toBe(720);
    expect(serialPiece(115_200, 3000)).toBe(4096);
    expect(serialPiece(2400, 50)).toBe(16);
  });
});

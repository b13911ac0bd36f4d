import { describe, expect, it } from 'vitest';
import { openPrinter } from '../../main/printing/printer-link.js';
import { parsePrinterAddress } from '../../domain/printer-address.js';
import { translator } from '../../domain/i18n/messages.js';
import { printerBlocked } from '../../domain/printer-status.js';
import { open, problemOf } from '../helpers/printer-links.js';
import type { TimerHandle, Timers } from '../../main/sync/clock.js';
import { fakePrinter, READY } from '../helpers/fake-printer.js';

const RECEIPT = Buffer.concat([
  Buffer.from([0x1b, 0x40]), // ESC @
  Buffer.from('Corner Shop\nCoffee            2.50\nTOTAL           2.50\n', 'latin1'),
  Buffer.from([0x1d, 0x56, 0x41, 0x03]), // GS V A 3: feed and cut
]);

/** Timers that run only when the test says the time is up (`fire`). */
function handTimers() {
  const due = new Set<() => void>();
  const timers: Timers = {
    after: (_ms, run): TimerHandle => {
      due.add(run);
      return { cancel: () => void due.delete(run) };
    },
    soon: (run) => void setImmediate(run),
  };
  const fire = () => {
    for (const run of [...due]) {
      due.delete(run);
      run();
    }
  };
  return { timers, fire };
}

/** Bytes that are not DLE EOT questions, enough to fill every buffer between us. */
const big = (size: number) => Buffer.alloc(size, 0x41);

describe('network printer (tcp://)', () => {
  it('sends a job whole and reads the status after it, through a real socket', async () => {
    const printer = await fakePrinter();
    const link = await open(printer.address);
    expect(await link.status()).toEqual(READY);
    await link.write(RECEIPT);
    await link.write(big(300_000));
    printer.setStatus({ paper: 'near_end', drawerOpen: true });
    // The answer comes after every byte sent before the question.
    expect(await link.status()).toEqual({ ...READY, paper: 'near_end', drawerOpen: true });
    // Compared as text: a deep equal of 300 kB byte by byte is slow.
    expect(printer.printed().toString('latin1')).toBe(
      Buffer.concat([RECEIPT, big(300_000)]).toString('latin1'),
    );
    expect(printer.connections()).toHaveLength(1);
    expect(printer.device.queries).toEqual([
      ...['printer', 'offlineCause', 'paper'],
      ...['printer', 'offlineCause', 'paper'],
    ]);
  });

  it('asks the status only after a job sent before it, never in the middle', async () => {
    const printer = await fakePrinter();
    const link = await open(printer.address);
    const job = big(1_000_000);
    const [, status] = await Promise.all([link.write(job), link.status(), link.write(RECEIPT)]);
    expect(status).toEqual(READY);
    const all = job.length + 9 + RECEIPT.length;
    await printer.device.waitFor(() => printer.received().length === all);
    const received = printer.received().toString('latin1');
    const question = received.indexOf('\x10\x04\x01');
    expect(question).toBe(job.length);
    expect(received.slice(question + 9)).toBe(RECEIPT.toString('latin1'));
  });

  it('fails a job at once when the link is closed under it', async () => {
    const printer = await fakePrinter({ behaviour: 'stall' });
    const link = await open(printer.address, 10_000);
    const writing = problemOf(link.write(big(64 * 1024 * 1024)));
    await new Promise((resolve) => setTimeout(resolve, 100));
    await link.close();
    const { problem, ms } = await writing;
    expect(problem.code).toBe('unreachable');
    expect(problem.message).toContain('(link closed)');
    expect(ms).toBeLessThan(2000);
    expect((await problemOf(link.write(RECEIPT))).problem.code).toBe('unreachable');
  });

  it('reads paper out and a cover open as the printer reports them', async () => {
    const printer = await fakePrinter({ status: { paper: 'out' } });
    const link = await open(printer.address);
    const out = await link.status();
    expect(out).toEqual({ online: false, coverOpen: false, paper: 'out', drawerOpen: false });
    expect(printerBlocked(out!)).toBe('The printer is out of paper: put in a new roll.');
    printer.setStatus({ paper: 'ok', coverOpen: true });
    expect(await link.status()).toMatchObject({ online: false, coverOpen: true, paper: 'ok' });
    printer.setStatus({ coverOpen: false });
    expect(await link.status()).toEqual(READY);
  });

  it('says refused at once when the printer takes no connection, and prints when it is back', async () => {
    const printer = await fakePrinter();
    await printer.behave('refuse');
    const { problem, ms } = await problemOf(open(printer.address, 5000));
    expect(problem.code).toBe('refused');
    expect(problem.message).toBe(
      `The printer at ${printer.text} refused the connection (connection refused): check the port in the printer address in Settings and that nothing else is printing to it.`,
    );
    // English for JSON and logs, its catalog key for a screen in the till's language.
    expect(problem.toAppError()).toEqual({
      code: 'refused',
      message: problem.message,
      say: {
        key: 'printer.problem.refused',
        values: { printer: printer.text, detail: ' (connection refused)' },
      },
    });
    expect(translator('de-DE').say(problem.toAppError())).toBe(
      `Der Drucker unter ${printer.text} hat die Verbindung abgelehnt (connection refused): Prüfen Sie den Port in der Druckeradresse in den Einstellungen und ob nichts anderes auf ihm druckt.`,
    );
    expect(ms).toBeLessThan(1000);
    await printer.behave('normal');
    const link = await open(printer.address);
    await link.write(RECEIPT);
    expect(await link.status()).toEqual(READY);
    expect(printer.printed()).toEqual(RECEIPT);
  });

  it('says unreachable for a host name that does not exist', async () => {
    const address = parsePrinterAddress('tcp://receipts.invalid:9100');
    if (!address.ok) throw new Error(address.error.message);
    const { problem, ms } = await problemOf(open(address.value, 3000));
    expect(problem.code).toBe('unreachable');
    expect(problem.message).toMatch(
      /^The printer at tcp:\/\/receipts\.invalid:9100 does not answer \((no computer has that name|its name could not be looked up|no connection in 3000 ms)\): check that it is on and connected \(network or cable\), and the printer address in Settings\.$/,
    );
    expect(ms).toBeLessThan(4500); // the timeout, and room for a busy machine
  });

  it('gives up connecting when its timers say the time is up', async () => {
    const { timers, fire } = handTimers();
    // A host that never answers, as far as these timers know: they end the wait at once.
    const opening = openPrinter(
      { kind: 'tcp', host: '192.0.2.1', port: 9100 },
      {
        timeoutMs: 1500,
        timers,
      },
    );
    fire();
    const { problem } = await problemOf(opening);
    expect(problem).toMatchObject({ code: 'unreachable', printer: 'tcp://192.0.2.1:9100' });
    expect(problem.message).toContain('does not answer (no connection in 1500 ms)');
  });

  it('times out a printer that stops reading mid-job instead of waiting for ever', async () => {
    const printer = await fakePrinter();
    const link = await open(printer.address, 400);
    await link.write(RECEIPT);
    await printer.behave('stall');
    // More than the socket buffers of both ends hold on loopback.
    const { problem, ms } = await problemOf(link.write(big(64 * 1024 * 1024)));
    expect(problem.code).toBe('timeout');
    expect(problem.message).toMatch(
      new RegExp(
        `^The printer at ${printer.text} stopped taking the receipt \\(\\d+ of 67108864 bytes taken, nothing more in 400 ms\\): check its paper, its cover and its connection\\.$`,
      ),
    );
    expect(ms).toBeGreaterThanOrEqual(390);
    expect(ms).toBeLessThan(3000);
    // The link is done with: the next question fails at once with the same problem.
    const after = await problemOf(link.status());
    expect(after.problem).toBe(problem);
    expect(after.ms).toBeLessThan(100);
  });

  it('fails a job at once when the printer drops the line mid-job', async () => {
    const printer = await fakePrinter();
    await printer.behave('drop', { dropAfterBytes: 10_000 });
    const link = await open(printer.address, 10_000);
    const { problem, ms } = await problemOf(link.write(big(64 * 1024 * 1024)));
    expect(problem.code).toBe('unreachable');
    expect(problem.message).toContain(`The printer at ${printer.text} does not answer (`);
    expect(ms).toBeLessThan(3000);
    expect(printer.received().length).toBeGreaterThanOrEqual(10_000);
  });

  it('fails the next job at once when the printer closed the connection while idle', async () => {
    const printer = await fakePrinter();
    const link = await open(printer.address, 10_000);
    await printer.close();
    await new Promise((resolve) => setTimeout(resolve, 50));
    const { problem, ms } = await problemOf(link.write(RECEIPT));
    expect(problem.code).toBe('unreachable');
    expect(problem.message).toContain('(the printer closed the connection)');
    expect(ms).toBeLessThan(100);
  });

  it('says garbage, with the byte, when the printer answers with bytes that are not a status', async () => {
    const printer = await fakePrinter({ behaviour: 'garbage' });
    const link = await open(printer.address);
    const { problem } = await problemOf(link.status());
    expect(problem.code).toBe('garbage');
    expect(problem.message).toBe(
      `The printer at ${printer.text} answered with bytes that are not an ESC/POS status (0xff to DLE EOT 1): check that the printer address in Settings names an ESC/POS receipt printer and, for serial, its baud rate.`,
    );
    printer.device.garbageByte = 0x12; // looks like a status: passes
    await printer.behave('normal');
    expect(await link.status()).toEqual(READY);
  });

  it('says no_answer when the printer takes bytes but never answers status', async () => {
    const printer = await fakePrinter({ behaviour: 'silent' });
    const link = await open(printer.address, 300);
    await link.write(RECEIPT);
    const { problem, ms } = await problemOf(link.status());
    expect(problem.code).toBe('no_answer');
    expect(problem.message).toContain('(nothing back to DLE EOT 1 in 300 ms)');
    expect(ms).toBeGreaterThanOrEqual(290);
    expect(ms).toBeLessThan(1500);
    // The link still prints: a printer without status is still a printer.
    await link.write(RECEIPT);
    await printer.device.waitFor(() => printer.printed().length === 2 * RECEIPT.length);
  });

  it('waits on the timers it is given: a stall fails when they say the time is up', async () => {
    const { timers, fire } = handTimers();
    const printer = await fakePrinter();
    const link = await open(printer.address, 60_000, { timers });
    await printer.behave('stall');
    let failed: unknown = null;
    const writing = link.write(big(64 * 1024 * 1024)).catch((error: unknown) => (failed = error));
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(failed).toBeNull(); // stalled, and the clock has not moved
    fire();
    await writing;
    expect(failed).toMatchObject({ code: 'timeout' });
  });
});

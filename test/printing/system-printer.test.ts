import { chmodSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { PrinterAddress } from '../../domain/printer-address.js';
import { openPrinter } from '../../main/printing/printer-link.js';
import { isPrinterProblem } from '../../main/printing/printer-problem.js';
import { lpCommand } from '../../main/printing/system-printer.js';
import { tempDir } from '../helpers/temp-dir.js';

// The OS queue path with the print command swapped for a script: a real child process that
// gets the job on its standard input, as lp would.
const QUEUE: PrinterAddress = { kind: 'system', queue: 'Receipts' };

function script(body: string): string {
  const file = join(tempDir(), 'fake-lp');
  writeFileSync(file, `#!/bin/sh\n${body}\n`);
  chmodSync(file, 0o755);
  return file;
}

/** The command like lp's (same arguments), run as `file`. */
const as = (file: string) => (queue: string) => ({ ...lpCommand(queue), command: file });

async function problemOf(work: Promise<unknown>) {
  const error = await work.then(
    () => new Error('it did not fail'),
    (error: unknown) => error,
  );
  if (!isPrinterProblem(error)) throw error;
  return error;
}

describe('OS print queue (system://)', () => {
  it('hands the job raw to lp for the queue, all of it, and has no status to read', async () => {
    const dir = tempDir();
    const lp = script(`printf '%s\\n' "$@" > ${dir}/args\ncat > ${dir}/job`);
    const link = await openPrinter(QUEUE, { timeoutMs: 5000, queueCommand: as(lp) });
    const job = Buffer.concat([Buffer.from('\x1b@Corner Shop\n'), Buffer.alloc(1 << 20, 0x41)]);
    await link.write(job);
    expect(readFileSync(join(dir, 'job')).equals(job)).toBe(true);
    expect(readFileSync(join(dir, 'args'), 'utf8')).toBe('-d\nReceipts\n-o\nraw\n');
    expect(await link.status()).toBeNull();
    await link.close();
  });

  it('says queue_failed with what lp said when the queue does not take the job', async () => {
    const lp = script(
      `cat > /dev/null\necho "lp: The printer or class does not exist." >&2\nexit 1`,
    );
    const link = await openPrinter(QUEUE, { timeoutMs: 5000, queueCommand: as(lp) });
    const problem = await problemOf(link.write(Buffer.from('receipt\n')));
    expect(problem.code).toBe('queue_failed');
    expect(problem.message).toBe(
      `The print queue system://Receipts did not take the receipt (lp: The printer or class does not exist.): check the queue's name in the printer address in Settings and that the queue is on.`,
    );
  });

  it('says queue_failed when the command quits without reading, or is not there', async () => {
    const exits = script('exit 3');
    const quits = await openPrinter(QUEUE, { timeoutMs: 5000, queueCommand: as(exits) });
    const early = await problemOf(quits.write(Buffer.alloc(1 << 20, 0x41)));
    expect(early.code).toBe('queue_failed');
    expect(early.message).toContain(`(${exits} exit code 3)`);

    const missing = await openPrinter(QUEUE, {
      timeoutMs: 5000,
      queueCommand: as('/nonexistent/lp'),
    });
    const none = await problemOf(missing.write(Buffer.from('receipt\n')));
    expect(none.code).toBe('queue_failed');
    expect(none.message).toContain('(this computer has no /nonexistent/lp command)');
  });

  it('stops a command that hangs, within the timeout', async () => {
    const link = await openPrinter(QUEUE, {
      timeoutMs: 300,
      queueCommand: as(script('exec sleep 30')),
    });
    const started = performance.now();
    const problem = await problemOf(link.write(Buffer.from('receipt\n')));
    expect(problem.code).toBe('timeout');
    expect(problem.message).toContain('did not finish in 300 ms');
    expect(performance.now() - started).toBeLessThan(2000);
  });

  it('refuses Windows queues in words, pointing at tcp:// and serial://', async () => {
    const problem = await problemOf(openPrinter(QUEUE, { timeoutMs: 1000, platform: 'win32' }));
    expect(problem.code).toBe('unsupported');
    expect(problem.message).toBe(
      'Printing to system://Receipts is not supported on this computer (Windows print queues need a driver): set the printer address in Settings to tcp://HOST:9100 or serial://PORT.',
    );
  });
});

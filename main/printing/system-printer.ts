// The OS print queue (system://QUEUE): each job goes to CUPS as raw bytes, `lp -d QUEUE -o
// raw` with the bytes on its standard input, and counts as taken when lp says the queue has
// it. A queue cannot be asked for the printer's status, so status() is null. Windows
// queues want a driver's spool API, not ESC/POS bytes: they are refused in words.
import { spawn } from 'node:child_process';
import type { PrinterAddress } from '../../domain/printer-address.js';
import type { LinkSettings, PrinterLink } from './printer-link.js';
import { printerProblem } from './printer-problem.js';

type SystemAddress = Extract<PrinterAddress, { kind: 'system' }>;

export interface QueueCommand {
  command: string;
  args: string[];
}

/** CUPS's (Linux and macOS): the job raw, so the printer gets the ESC/POS bytes as they are. */
export const lpCommand = (queue: string): QueueCommand => ({
  command: 'lp',
  args: ['-d', queue, '-o', 'raw'],
});

const MAX_STDERR = 2000;

/** The first line the command wrote on its error output, for the message. */
const firstLine = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .find((line) => line !== '');

function sendToQueue(
  address: SystemAddress,
  { command, args }: QueueCommand,
  bytes: Uint8Array,
  settings: LinkSettings,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['pipe', 'ignore', 'pipe'] });
    let stderr = '';
    let settled = false;
    const finish = (problem?: Error) => {
      if (settled) return;
      settled = true;
      timer.cancel();
      if (problem) reject(problem);
      else resolve();
    };
    const timer = settings.timers.after(
      settings.timeoutMs,
      () => {
        child.kill('SIGKILL');
        finish(
          printerProblem(
            'timeout',
            address,
            `${command} did not finish in ${settings.timeoutMs} ms`,
          ),
        );
      },
      { background: true },
    );
    child.stderr.on('data', (chunk: Buffer) => {
      if (stderr.length < MAX_STDERR) stderr += chunk.toString();
    });
    child.on('error', (error: NodeJS.ErrnoException) => {
      const words =
        error.code === 'ENOENT' ? `this computer has no ${command} command` : error.message;
      finish(printerProblem('queue_failed', address, words, error));
    });
    // A command that quits without reading all of it fails by its exit code, said below.
    child.stdin.on('error', () => undefined);
    child.on('close', (code, signal) => {
      if (code === 0) return finish();
      // lp's own words name it ("lp: The printer or class does not exist.").
      const said =
        firstLine(stderr) ?? `${command} ${signal ? `stopped by ${signal}` : `exit code ${code}`}`;
      finish(printerProblem('queue_failed', address, said));
    });
    child.stdin.end(bytes);
  });
}

/** A link to an OS print queue; rejects with unsupported on Windows. */
export async function openSystemPrinter(
  address: SystemAddress,
  settings: LinkSettings,
): Promise<PrinterLink> {
  if ((settings.platform ?? process.platform) === 'win32') {
    throw printerProblem('unsupported', address, 'Windows print queues need a driver');
  }
  const command = (settings.queueCommand ?? lpCommand)(address.queue);
  let closed = false;
  return {
    async write(bytes) {
      if (closed) throw printerProblem('queue_failed', address, 'link closed');
      await sendToQueue(address, command, bytes, settings);
    },
    status: async () => null,
    async close() {
      closed = true;
    },
  };
}

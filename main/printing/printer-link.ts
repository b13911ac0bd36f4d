// Talking to a receipt printer, whatever its transport: write a job's bytes, ask its status,
// close. The print queue opens a link for each attempt and never waits on one longer than
// the timeout it gave: a printer that is off, refuses, stalls or babbles ends as a
// PrinterProblem with a code and a sentence, never as a hang.
import type { PrinterAddress } from '../../domain/printer-address.js';
import type { PrinterStatus } from '../../domain/printer-status.js';
import { systemTimers, type Timers } from '../sync/clock.js';
import type { DrawerOpenLevel } from './printer-status-bytes.js';
import { isPrinterProblem, printerProblem } from './printer-problem.js';
import { openSerialPrinter } from './serial-printer.js';
import { openSystemPrinter, type QueueCommand } from './system-printer.js';
import { openTcpPrinter } from './tcp-printer.js';

export interface PrinterLink {
  /**
   * Sends a job. Resolves only when the transport took all of it (written and drained);
   * rejects with a PrinterProblem when it cannot, or makes no progress for the timeout.
   * Over tcp and serial, a status() after it answers only once the printer has every byte.
   */
  write(bytes: Uint8Array): Promise<void>;
  /**
   * The printer's real-time status (DLE EOT 1, 2 and 4); null when the transport cannot
   * read back (system queues). Rejects with no_answer or garbage.
   */
  status(): Promise<PrinterStatus | null>;
  /** Lets go of the connection or port; safe to call more than once. */
  close(): Promise<void>;
}

export interface PrinterLinkOptions {
  /** The longest wait for a connection, an answer, or progress while writing. */
  timeoutMs: number;
  timers?: Timers;
  /** How the drawer's switch is wired to pin 3 (see printer-status-bytes.ts). */
  drawerOpenLevel?: DrawerOpenLevel;
  /** The OS print command for system:// (tests pass a script); `lp -d QUEUE -o raw` by default. */
  queueCommand?: (queue: string) => QueueCommand;
  /** The OS, for system:// (tests pass 'win32'); process.platform by default. */
  platform?: NodeJS.Platform;
}

/** What every transport is given: the options with their defaults filled in. */
export type LinkSettings = Required<Pick<PrinterLinkOptions, 'timeoutMs' | 'timers'>> &
  Pick<PrinterLinkOptions, 'drawerOpenLevel' | 'queueCommand' | 'platform'>;

/** A link to the printer at `address`: connected (tcp), opened (serial) or ready (system). */
export function openPrinter(
  address: PrinterAddress,
  options: PrinterLinkOptions,
): Promise<PrinterLink> {
  const settings: LinkSettings = { ...options, timers: options.timers ?? systemTimers };
  const opening = async () => {
    switch (address.kind) {
      case 'tcp':
        return openTcpPrinter(address, settings);
      case 'serial':
        return openSerialPrinter(address, settings);
      case 'system':
        return openSystemPrinter(address, settings);
    }
  };
  // Whatever a transport throws that it did not foresee is still a problem with a code.
  return opening().catch((error: unknown) => {
    if (isPrinterProblem(error)) throw error;
    const words = error instanceof Error ? error.message : String(error);
    throw printerProblem('unreachable', address, words, error);
  });
}

// The receipt printer from the command line: the one `--printer`, TILLSYNC_PRINTER or
// Settings names (main/printing/printer-setup.ts, as the app and the daemon read it), spoken
// to directly: the command prints now and says whether the printer took it.
import type { Store } from '../../db/store.js';
import type { Translator } from '../../domain/i18n/messages.js';
import { printerAddressText, type PrinterAddress } from '../../domain/printer-address.js';
import type { PrinterStatus } from '../../domain/printer-status.js';
import { printerProfile } from '../../domain/printer-profiles.js';
import type { AppError, Result } from '../../domain/result.js';
import { readEnvFile } from '../config/env-file.js';
import type { PrintLayout } from '../printing/escpos-document.js';
import { PRINTER_TIMEOUT_MS, readPrinterStatus, sendToPrinter } from '../printing/printer-send.js';
import { printerSetup } from '../printing/printer-setup.js';
import { EXIT } from './exit-codes.js';
import { CliError } from './io.js';
import { tillWords } from './words.js';

export interface CliPrinter {
  address: PrinterAddress;
  /** "tcp://10.0.0.5:9100". */
  text: string;
  layout: PrintLayout;
  send(bytes: Uint8Array): Promise<Result<PrinterStatus | null>>;
  status(): Promise<Result<PrinterStatus | null>>;
  /** The result's value, or exit 13 with the printer's problem in the till's words. */
  printed<T>(result: Result<T>): T;
}

const printerError = (error: AppError, words: Translator) =>
  new CliError(words.error(error), EXIT.printerProblem);

/** The printer this command uses; exit 13 naming what to set when there is none. */
export function cliPrinter(store: Store, dataDir: string, flag: string | undefined): CliPrinter {
  // tillsync.env is read too: a shell sees the printer the service uses.
  const env = { ...readEnvFile(dataDir), ...process.env };
  const words = tillWords(store);
  const setup = printerSetup(store.settings.read(), { env, flag });
  if (!setup.ok) throw new CliError(words.error(setup.error), EXIT.invalidInput);
  const { address, profile, width } = setup.value;
  if (!address) throw new CliError(words.t('cli.printer.noneSet'), EXIT.printerProblem);
  const link = { timeoutMs: PRINTER_TIMEOUT_MS };
  const readsStatus = printerProfile(profile).language === 'esc-pos';
  return {
    address,
    text: printerAddressText(address),
    layout: { profile, width },
    send: (bytes) => sendToPrinter(address, bytes, { ...link, readsStatus }),
    status: () => readPrinterStatus(address, link),
    printed: (result) => {
      if (!result.ok) throw printerError(result.error, words);
      return result.value;
    },
  };
}

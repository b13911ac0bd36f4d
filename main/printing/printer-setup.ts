// The receipt printer as this process uses it: the address from Settings, unless
// TILLSYNC_PRINTER (the environment, or tillsync.env in the data folder) or a --printer
// flag sets it for this process; with the profile, paper and drawer settings. One function,
// so the app, the daemon and the CLI agree on which printer is meant.
import { parsePrinterAddress, type PrinterAddress } from '../../domain/printer-address.js';
import type { PrinterProfileId } from '../../domain/printer-profiles.js';
import type { SalePrinting } from '../../domain/print-jobs.js';
import { fail, ok, type Result } from '../../domain/result.js';
import type { ReceiptWidth } from '../../domain/sale-states.js';
import type { Settings } from '../../domain/settings.js';
import { ENV_FILE, readEnvFile } from '../config/env-file.js';

export const PRINTER_ENV = 'TILLSYNC_PRINTER';

export interface PrinterSetup {
  /** Null: receipts go through the print dialog, and the drawer is not reached. */
  address: PrinterAddress | null;
  /** Where the address comes from, when it is not Settings (then Settings cannot change it). */
  setBy: string | null;
  profile: PrinterProfileId;
  width: ReceiptWidth;
  printAfterSale: boolean;
  cashDrawer: boolean;
  openDrawerAfterCash: boolean;
}

export interface PrinterSources {
  env?: NodeJS.ProcessEnv;
  dataDir?: string;
  /** `--printer` on the command line. */
  flag?: string;
}

/** The address's text and its source, strongest first; null when none sets one. */
function chosenAddress({ env = process.env, dataDir, flag }: PrinterSources) {
  if (flag) return { text: flag, source: '--printer' };
  if (env[PRINTER_ENV]) return { text: env[PRINTER_ENV], source: PRINTER_ENV };
  const fromFile = dataDir ? readEnvFile(dataDir)[PRINTER_ENV] : undefined;
  if (fromFile) return { text: fromFile, source: `${PRINTER_ENV} in ${ENV_FILE}` };
  return null;
}

/** The printer this process prints on; an address set outside Settings that is not valid is an error naming where it was set. */
export function printerSetup(
  settings: Settings,
  sources: PrinterSources = {},
): Result<PrinterSetup> {
  const chosen = chosenAddress(sources);
  const text = chosen?.text ?? settings.printerAddress;
  let address: PrinterAddress | null = null;
  if (text) {
    const parsed = parsePrinterAddress(text);
    if (!parsed.ok)
      return fail({
        code: 'invalid_printer',
        message: `${chosen?.source ?? 'The printer address in Settings'}: ${parsed.error.message}`,
      });
    address = parsed.value;
  }
  return ok({
    address,
    setBy: chosen?.source ?? null,
    profile: settings.printerProfile,
    width: settings.receiptWidth,
    printAfterSale: settings.printAfterSale,
    cashDrawer: settings.cashDrawer,
    openDrawerAfterCash: settings.openDrawerAfterCash,
  });
}

/** What the till prints and opens by itself after a sale, with this printer. */
export function salePrintingOf(setup: PrinterSetup | null): SalePrinting {
  const direct = setup?.address != null;
  return {
    receipt: direct && setup.printAfterSale,
    drawerOnCash: direct && setup.cashDrawer && setup.openDrawerAfterCash,
    drawer: direct && setup.cashDrawer,
  };
}

// The receipt printer, for `tillsync doctor`: which one, whether it answers and how it is
// (paper, cover), and the print jobs still waiting for it. None set is fine: receipts then
// go through the print dialog.
import type { Store } from '../../db/store.js';
import { printerAddressText } from '../../domain/printer-address.js';
import { printerBlocked, printerStatusWords } from '../../domain/printer-status.js';
import { said } from '../../domain/i18n/said.js';
import { readEnvFile } from '../config/env-file.js';
import { PRINTER_TIMEOUT_MS, readPrinterStatus } from '../printing/printer-send.js';
import { printerSetup } from '../printing/printer-setup.js';
import { failed, ok, warn, type Check } from './check.js';

const AREA = 'printer';

export async function checkPrinter(
  store: Store,
  dataDir: string,
  env: NodeJS.ProcessEnv = process.env,
): Promise<Check[]> {
  const setup = printerSetup(store.settings.read(), { env: { ...readEnvFile(dataDir), ...env } });
  if (!setup.ok) return [failed(AREA, setup.error, said('cli.doctor.printerAddressFix'))];
  const { address } = setup.value;
  if (!address) return [ok(AREA, said('cli.doctor.noPrinter'))];
  const text = printerAddressText(address);
  const read = await readPrinterStatus(address, { timeoutMs: PRINTER_TIMEOUT_MS });
  const waiting = store.waitingPrintJobs();
  const checks: Check[] = [];
  if (!read.ok) checks.push(failed(AREA, read.error, said('cli.doctor.printerFix')));
  else if (read.value && printerBlocked(read.value))
    checks.push(
      warn(AREA, `${text}: ${printerBlocked(read.value)}`, said('cli.doctor.printerBlockedFix')),
    );
  else
    checks.push(
      ok(
        AREA,
        `${text}: ${read.value ? printerStatusWords(read.value) : 'the print queue takes jobs'}`,
      ),
    );
  if (waiting.length > 0)
    checks.push(
      warn(
        AREA,
        said('cli.doctor.printJobs', {
          count: waiting.length,
          labels: waiting.map((job) => job.label).join(', '),
        }),
        said('cli.doctor.printJobsFix'),
      ),
    );
  return checks;
}

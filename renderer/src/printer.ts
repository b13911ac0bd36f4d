// The receipt printer as every screen sees it: one copy per page, read once, kept current by
// the agent's `printer` event and by the answer of every printer call. Whether the till has
// a printer of its own (an address) decides who prints: the agent, or the print dialog.
import { useEffect, useState } from 'preact/hooks';
import type { Translator } from '../../domain/i18n/messages';
import type { PrinterView } from '../../domain/printer-view';
import type { ContractResult } from '../../main/contract/contract';
import { api } from './api';

export { printerStatusLine, tillNotice } from './printer-words.js';

/** The view and when it arrived (its retryInSeconds counts from then). */
export interface PrinterNow {
  view: PrinterView;
  receivedAt: number;
}

let latest: PrinterNow | undefined;
const listeners = new Set<(printer: PrinterNow) => void>();

function publish(view: PrinterView): void {
  latest = { view, receivedAt: Date.now() };
  for (const listener of listeners) listener(latest);
}

// The agent sends a `printer` event after every change. An answer is newer than every event
// heard before its call, but an event heard while the call was in flight may be newer than
// the answer: a test page's answer ("not tried yet", the job waiting) came after the event
// of the page printed ("ready"), and the screen stayed "not tried yet" for good.
let eventsHeard = 0;

function publishEvent(view: PrinterView): void {
  eventsHeard += 1;
  publish(view);
}

/** Shares an answer unless an event came while its call was in flight (the event is as new). */
async function publishAnswer(
  call: Promise<ContractResult<PrinterView>>,
): Promise<ContractResult<PrinterView>> {
  const heardBefore = eventsHeard;
  const result = await call;
  if (result.ok && eventsHeard === heardBefore) publish(result.value);
  return result;
}

/** Reads the printer again (after Settings changed its address, say). */
export async function refreshPrinter(): Promise<void> {
  await publishAnswer(api.getPrinter({}));
}

/** The printer: read once, then kept current by the agent's events. */
export function usePrinter(): PrinterNow | undefined {
  const [printer, setPrinter] = useState(latest);
  useEffect(() => {
    listeners.add(setPrinter);
    void refreshPrinter();
    const stop = api.on('printer', publishEvent);
    return () => {
      listeners.delete(setPrinter);
      stop();
    };
  }, []);
  return printer;
}

/** The till prints on its own printer (the agent prints and opens the drawer), not the dialog. */
export const printsDirect = (printer: PrinterNow | undefined): boolean =>
  printer?.view.address != null;

/** Runs a printer call, shares its answer; the problem in `words` when it failed. */
export async function askPrinter(
  call: Promise<ContractResult<PrinterView>>,
  words: Translator,
): Promise<string | undefined> {
  const result = await publishAnswer(call);
  return result.ok ? undefined : words.error(result.error);
}

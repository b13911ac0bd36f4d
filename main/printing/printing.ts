// The till's receipt printer in a running agent (the app, the console, the daemon): which
// printer Settings or TILLSYNC_PRINTER name, the queue that prints the store's jobs, a
// look for jobs other processes added (the CLI, a restart), and what a person can ask of
// it (reprint, cancel, retry, a test page). The printer is never on a sale's path. Paper
// speaks the till's language: its locale setting, else this process's (LANG).
import { randomUUID } from 'node:crypto';
import type { Store } from '../../db/store.js';
import { tillTimeZone } from '../../db/till-time-zone.js';
import { translator } from '../../domain/i18n/messages.js';
import { said } from '../../domain/i18n/said.js';
import { printerAddressText } from '../../domain/printer-address.js';
import type { NewPrintJob } from '../../domain/print-jobs.js';
import type { PrinterView } from '../../domain/printer-view.js';
import { printerProfile, profileColumns } from '../../domain/printer-profiles.js';
import type { ShiftReport } from '../../domain/shift.js';
import { reportLines, reportTitle } from '../../domain/views/shift-report-view.js';
import { fail, ok, type Result } from '../../domain/result.js';
import type { Logger } from '../log/log-port.js';
import type { Clock, TimerHandle, Timers } from '../sync/clock.js';
import { createPrintQueue } from './print-queue.js';
import type { PrinterLinkOptions } from './printer-link.js';
import {
  PRINTER_TIMEOUT_MS,
  readPrinterStatus,
  sendToPrinter,
  type OpenPrinter,
} from './printer-send.js';
import { printerSetup, salePrintingOf, type PrinterSources } from './printer-setup.js';
import { jobLabelSay } from './job-labels.js';
import { tillLocale as localeOf } from './till-locale.js';

export interface PrintingOptions extends PrinterSources {
  store: () => Store;
  clock: Clock;
  timers: Timers;
  logger?: Logger;
  /** Told when the queue or the printer's state changed (the UI's printer event). */
  onChange?: () => void;
  /** How often to look for jobs added by another process. */
  pollMs?: number;
  link?: Partial<PrinterLinkOptions>;
  /** Tests give a printer of their own making; the real transports otherwise. */
  open?: OpenPrinter;
  /** The system's locale, for a till whose setting names none; this process's (LANG) if not given. */
  systemLocale?: string;
}

const DEFAULT_POLL_MS = 5000;
/** Printed and cancelled jobs are kept this long (a reprint makes a new job), then forgotten. */
export const KEEP_DONE_JOBS_MS = 30 * 86_400_000;
const PRUNE_EVERY_MS = 6 * 3_600_000;

export function createPrinting(options: PrintingOptions) {
  const { store, clock, timers } = options;
  const setup = () => printerSetup(store().settings.read(), options);
  const tillLocale = () => localeOf(store().settings.read(), options.systemLocale);
  const linkOptions = (): PrinterLinkOptions => ({
    timeoutMs: PRINTER_TIMEOUT_MS,
    timers,
    ...options.link,
  });
  const noPrinter = fail({ code: 'no_printer', ...said('printer.error.noPrinter') });

  const queue = createPrintQueue({
    jobs: store,
    render: async (job) => {
      const chosen = setup();
      if (!chosen.ok) return chosen;
      // The encoder (6 MB, 50 ms) is loaded at the first job, not with every agent.
      const { jobBytes } = await import('./job-bytes.js');
      const { profile, width } = chosen.value;
      const settings = store().settings.read();
      const heading = () => [settings.shopName, settings.tillName, address() ?? ''];
      const timeZone = tillTimeZone(settings);
      const layout = { profile, width };
      const locale = tillLocale();
      return jobBytes(store(), job, { layout, heading, now: clock.now(), timeZone, locale });
    },
    send: (bytes) => {
      const chosen = setup();
      if (!chosen.ok) return Promise.resolve(chosen);
      const { address, profile } = chosen.value;
      if (!address) return Promise.resolve(noPrinter);
      const readsStatus = printerProfile(profile).language === 'esc-pos';
      return sendToPrinter(address, bytes, { ...linkOptions(), readsStatus }, options.open);
    },
    owner: `print-${process.pid}-${randomUUID()}`,
    clock,
    timers,
    logger: options.logger,
    onChange: options.onChange,
  });

  const address = () => {
    const chosen = setup();
    return chosen.ok && chosen.value.address ? printerAddressText(chosen.value.address) : null;
  };

  // Jobs another process wrote (the CLI's, the app's while this daemon runs) or left at a
  // restart: looked for now and then, printed when this process has a printer.
  let poll: TimerHandle | undefined;
  let stopped = false;
  let prunedAt = -Infinity;
  const look = () => {
    poll = undefined;
    if (stopped) return;
    if (address() !== null && store().waitingPrintJobs().length > 0) queue.kick();
    if (clock.monotonic() - prunedAt >= PRUNE_EVERY_MS) {
      prunedAt = clock.monotonic();
      store().prunePrintJobs(clock.now() - KEEP_DONE_JOBS_MS);
    }
    poll = timers.after(options.pollMs ?? DEFAULT_POLL_MS, look, { background: true });
  };
  look();

  function view(): PrinterView {
    const chosen = setup();
    const settings = store().settings.read();
    const state = queue.state();
    return {
      address: address(),
      setBy: chosen.ok ? chosen.value.setBy : null,
      setupProblem: chosen.ok ? null : chosen.error.message,
      profile: settings.printerProfile,
      drawer: settings.cashDrawer,
      condition: state.condition,
      problem: state.problem,
      problemSay: state.problemSay,
      status: state.status,
      retryInSeconds: state.retryInMs === null ? null : Math.ceil(state.retryInMs / 1000),
      waiting: store()
        .waitingPrintJobs()
        .map((job) => ({ ...job, labelSay: jobLabelSay(store(), job) })),
    };
  }

  /** Adds a job a person asked for; refused when there is no printer to print it. */
  function add(job: NewPrintJob): Result<PrinterView> {
    if (address() === null) return noPrinter;
    store().addPrintJob(job, clock.now());
    queue.kick();
    options.onChange?.();
    return ok(view());
  }

  return {
    view,
    /** What a sale does with this printer (its receipt, the drawer), read at each sale. */
    salePrinting: () => {
      const chosen = setup();
      return salePrintingOf(chosen.ok ? chosen.value : null);
    },
    /** A job was written with a sale, a return or a drawer entry: print it soon. */
    jobAdded(): void {
      queue.kick();
      options.onChange?.();
    },
    printReceipt: (saleId: string) =>
      store().getReceipt(saleId)
        ? add({ kind: 'receipt', ref: saleId })
        : fail({ code: 'not_found', ...said('printer.error.noSale', { saleId }) }),
    printRefund(returnNumber: number) {
      const found = store().getReturn(returnNumber);
      return found
        ? add({ kind: 'refund', ref: found.returnId })
        : fail({
            code: 'not_found',
            ...said('printer.error.noReturn', { number: returnNumber }),
          });
    },
    /** An X or Z report, its lines frozen as they are now, at the printer's width. */
    async printReport(report: ShiftReport): Promise<Result<PrinterView>> {
      const chosen = setup();
      if (!chosen.ok) return chosen;
      const { profile, width, address } = chosen.value;
      if (!address) return noPrinter;
      const { paperFormat } = await import('./paper-format.js');
      const locale = tillLocale();
      const { currencyDisplay } = paperFormat(report.currency, { profile, width }, locale);
      const timeZone = tillTimeZone(store().settings.read());
      const columns = profileColumns(profile, width);
      const lines = reportLines(report, columns, { currencyDisplay, timeZone, locale });
      // Its title is the job's label on the Till screen, in the till's language as its lines are.
      const reason = reportTitle(report, translator(locale));
      return add({ kind: 'report', reason, lines });
    },
    printTestPage: () => add({ kind: 'test' }),
    cancel(jobId: number): Result<PrinterView> {
      const cancelled = store().cancelPrintJob(jobId, clock.now());
      if (!cancelled.ok) return cancelled;
      options.onChange?.();
      return ok(view());
    },
    async retry(): Promise<PrinterView> {
      await queue.retryNow();
      return view();
    },
    /** Asks the printer how it is, now (null status: the transport cannot say). */
    async readStatus(): Promise<Result<PrinterView>> {
      const chosen = setup();
      if (!chosen.ok) return chosen;
      if (!chosen.value.address) return noPrinter;
      const read = await readPrinterStatus(chosen.value.address, linkOptions(), options.open);
      queue.noteStatus(read.ok ? read.value : null, read.ok ? null : read.error);
      options.onChange?.();
      return ok(view());
    },
    async stop(): Promise<void> {
      stopped = true;
      poll?.cancel();
      await queue.stop();
    },
  };
}

export type Printing = ReturnType<typeof createPrinting>;

// The receipt printer's methods: its state and queue, reprints, cancel, retry, a test page.
import { ok } from '../../domain/result.js';
import type { Handlers } from './handlers.js';
import type { Runtime } from './runtime.js';

type PrinterMethod =
  | 'getPrinter'
  | 'printReceipt'
  | 'printRefund'
  | 'cancelPrintJob'
  | 'retryPrinting'
  | 'printTestPage'
  | 'printShiftReport';

export function printerHandlers(runtime: Runtime): Handlers<PrinterMethod> {
  const printing = () => runtime.printing;
  return {
    getPrinter: () => ok(printing().view()),
    printReceipt: ({ saleId }) => printing().printReceipt(saleId),
    printRefund: ({ returnNumber }) => printing().printRefund(returnNumber),
    cancelPrintJob: ({ jobId }) => printing().cancel(jobId),
    retryPrinting: async () => ok(await printing().retry()),
    printTestPage: () => printing().printTestPage(),
    async printShiftReport({ number }) {
      const { shifts } = runtime.store;
      const report = number === undefined ? shifts.xReport(Date.now()) : shifts.zReport(number);
      return report.ok ? printing().printReport(report.value) : report;
    },
  };
}

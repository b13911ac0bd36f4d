// The contract's methods of the receipt printer and its queue (spread into
// main/contract/contract.ts `methods`). Node-free, like the contract.
import { z } from 'zod';
import { printerView } from '../../domain/printer-view.js';

const empty = z.strictObject({}).default({});

export const printerMethods = {
  /** The printer, its last status and the jobs waiting for it. */
  getPrinter: { input: empty, output: printerView },
  /** Prints a sale's receipt again on the till's printer (a job in the queue). */
  printReceipt: { input: z.strictObject({ saleId: z.string().min(1) }), output: printerView },
  /** Prints a return's refund receipt again. */
  printRefund: {
    input: z.strictObject({ returnNumber: z.number().int().min(1) }),
    output: printerView,
  },
  /** Gives up on a waiting job (the receipt is not wanted any more). */
  cancelPrintJob: {
    input: z.strictObject({ jobId: z.number().int().min(1) }),
    output: printerView,
  },
  /** Tries the waiting jobs now instead of at the next retry. */
  retryPrinting: { input: empty, output: printerView },
  /** Prints the open shift's X report, or Z report `number`, as it is now. */
  printShiftReport: {
    input: z.strictObject({ number: z.number().int().min(1).optional() }),
    output: printerView,
  },
  /** Prints a test page, reading the printer's status. */
  printTestPage: { input: empty, output: printerView },
} as const;

// A print job's bytes, made when it prints (a receipt says where its sale stands then):
// the same receipt and refund blocks as the paper the dialog prints, in the printer's
// language; a report's lines as they were frozen; a drawer's pulse; a test page.
import type { PrintJobRow } from '../../db/print-jobs.js';
import type { Store } from '../../db/store.js';
import { currencyDecimals } from '../../domain/money.js';
import { printerProfile } from '../../domain/printer-profiles.js';
import { fail, ok, type Result } from '../../domain/result.js';
import { receiptBlocks, refundBlocks } from '../../domain/views/receipt-document.js';
import {
  documentBytes,
  drawerPulseBytes,
  linesBytes,
  testPageBytes,
  type PrintLayout,
} from './escpos-document.js';

const gone = (what: string) =>
  fail({ code: 'not_found', message: `${what} is not on this till any more: nothing to print.` });

export interface JobContext {
  layout: PrintLayout;
  /** The test page's heading: the shop, the till, the printer. */
  heading: () => string[];
}

export function jobBytes(
  store: Pick<Store, 'getReceipt' | 'getRefundReceipt'>,
  job: PrintJobRow,
  { layout, heading }: JobContext,
): Result<Uint8Array> {
  const openDrawer = job.openDrawer;
  switch (job.kind) {
    case 'receipt': {
      const receipt = job.ref === null ? undefined : store.getReceipt(job.ref);
      if (!receipt) return gone('The sale');
      const decimals = currencyDecimals(receipt.currency);
      return ok(documentBytes(receiptBlocks(receipt, { decimals }), layout, { openDrawer }));
    }
    case 'refund': {
      const refund = job.ref === null ? undefined : store.getRefundReceipt(job.ref);
      if (!refund) return gone('The return');
      const decimals = currencyDecimals(refund.currency);
      return ok(documentBytes(refundBlocks(refund, { decimals }), layout, { openDrawer }));
    }
    case 'report':
      return ok(linesBytes(job.lines ?? [], layout));
    case 'drawer':
      return ok(drawerPulseBytes(layout));
    case 'test':
      return ok(testPageBytes(layout, [...heading(), printerProfile(layout.profile).name]));
  }
}

// A print job's bytes, made when it prints (a receipt says where its sale stands then):
// the same receipt and refund blocks as the paper the dialog prints, in the printer's
// language; a report's lines as they were frozen; a drawer's pulse; a test page.
import type { PrintJobRow } from '../../db/print-jobs.js';
import type { Store } from '../../db/store.js';
import { fail, ok, type Result } from '../../domain/result.js';
import { receiptBlocks, refundBlocks } from '../../domain/views/receipt-document.js';
import { paperFormat } from './paper-format.js';
import {
  documentBytes,
  drawerPulseBytes,
  linesBytes,
  testPageBytes,
  type PrintLayout,
} from './escpos-document.js';

const gone = (what: string) =>
  fail({ code: 'not_found', message: `${what} is not on this till any more: nothing to print.` });

/**
 * A drawer opens only this soon after what opened it: a printer back after an outage must
 * not pop the drawer open minutes later, in front of nobody.
 */
export const DRAWER_FRESH_MS = 60_000;

export interface JobContext {
  layout: PrintLayout;
  /** Wall time now, to tell a drawer opening that came too late. */
  now: number;
  /** The test page's heading: the shop, the till, the printer. */
  heading: () => string[];
  /** The till's time zone, for the receipts' times; the process's when not given. */
  timeZone?: string;
  /** The till's locale: the paper's language and numbers; English when not given. */
  locale?: string;
}

export function jobBytes(
  store: Pick<Store, 'getReceipt' | 'getRefundReceipt'>,
  job: PrintJobRow,
  { layout, heading, now, timeZone, locale }: JobContext,
): Result<Uint8Array> {
  // Either way round: a clock stepped back must not make an old opening look new.
  const fresh = Math.abs(now - job.createdAt) <= DRAWER_FRESH_MS;
  const openDrawer = job.openDrawer && fresh;
  switch (job.kind) {
    case 'receipt': {
      const receipt = job.ref === null ? undefined : store.getReceipt(job.ref);
      if (!receipt) return gone('The sale');
      const format = { ...paperFormat(receipt.currency, layout, locale), timeZone };
      return ok(documentBytes(receiptBlocks(receipt, format), layout, { openDrawer }));
    }
    case 'refund': {
      const refund = job.ref === null ? undefined : store.getRefundReceipt(job.ref);
      if (!refund) return gone('The return');
      const format = { ...paperFormat(refund.currency, layout, locale), timeZone };
      return ok(documentBytes(refundBlocks(refund, format), layout, { openDrawer }));
    }
    case 'report':
      return ok(linesBytes(job.lines ?? [], layout));
    case 'drawer':
      return fresh
        ? ok(drawerPulseBytes(layout))
        : fail({
            code: 'too_late',
            message:
              'The drawer was not opened: the printer did not answer within a minute. Use No sale to open it now.',
          });
    case 'test':
      return ok(testPageBytes(layout, heading(), locale));
  }
}

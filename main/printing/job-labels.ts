// What a person calls a waiting print job, with its catalog key (printer.job.*), so the Till
// screen's waiting list is in the till's language; the job's English label stays as the store
// made it (JSON, `tillsync printer status`). A report's label is its title, already in the
// till's language (printing.ts); a drawer opening's is the reason a person typed.
import type { Store } from '../../db/store.js';
import type { MessageKey } from '../../domain/i18n/messages.js';
import type { PrintJobView } from '../../domain/print-jobs.js';
import type { Said } from '../../domain/result.js';
import { returnLabel } from '../../domain/returns.js';

const said = (key: MessageKey, values?: Said['values']): Said =>
  values ? { key, values } : { key };

/** The job's label as a catalog key, when it has one. */
export function jobLabelSay(
  store: Pick<Store, 'getReceipt' | 'getRefundReceipt'>,
  job: PrintJobView,
): Said | undefined {
  if (job.ref === null) return job.kind === 'test' ? said('printer.job.test') : undefined;
  if (job.kind === 'receipt') {
    const receipt = store.getReceipt(job.ref);
    return receipt && said('printer.job.receipt', { number: receipt.receiptNumber });
  }
  if (job.kind === 'refund') {
    const refund = store.getRefundReceipt(job.ref);
    return refund && said('printer.job.refund', { label: returnLabel(refund.returnNumber) });
  }
  return undefined;
}

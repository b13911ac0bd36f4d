// How a return reaches the platform. The platform's v1 documents no refund operation, so
// the v1 delivery sends nothing and says so; the return stays on the till, in the export
// and in the reports. A documented operation would be another ReturnDelivery, given where
// the till records a return (main/agent/return-handlers.ts, the CLI's `sales return`):
// nothing else about returns changes.
import type { ReturnDeliveryOutcome, ReturnView } from '../../domain/returns.js';

export interface ReturnDelivery {
  /** What became of the return on the platform's side, decided as it is recorded. */
  readonly deliver: (ret: ReturnView) => ReturnDeliveryOutcome;
}

export const NOT_SENT_NOTE = "not sent: the platform's v1 has no refund operation";

/** The platform's v1: no refund operation, so nothing is sent. */
export const v1ReturnDelivery: ReturnDelivery = {
  deliver: () => ({ state: 'not_sent', note: NOT_SENT_NOTE }),
};

// What the Sync screen tells a person after an action, kept only while it is true. A
// notice about one sale ("Receipt #12 queued again") names the states the action left the
// sale in, and goes as soon as the sale is seen in another: refused again, or sent. It
// follows the sale's own state, from the events and the list of refused sales, never a
// timer.
import { useCallback, useEffect, useRef, useState } from 'preact/hooks';
import type { OutboxState } from '../../domain/sale-states';
import type { EventPayload, MethodOutput } from '../../main/contract/contract';
import { useEvent } from './hooks';

type RefusedSale = MethodOutput<'listRefused'>[number];

export interface ScreenNotice {
  tone: 'ok' | 'error';
  text: string;
  /** The sale it is about, and the states in which it stays true. */
  sale?: { saleId: string; holdsWhile: readonly OutboxState[] };
}

/** Whether the notice still holds for a sale now seen in `state`. */
export function noticeHolds(notice: ScreenNotice, saleId: string, state: OutboxState): boolean {
  return notice.sale?.saleId !== saleId || notice.sale.holdsWhile.includes(state);
}

/** The screen's notice, dropped when the sale it is about moves on. */
export function useScreenNotice(refusedSales: RefusedSale[] | undefined) {
  const [notice, setNotice] = useState<ScreenNotice>();
  // The refused sales listed when the notice was given: the sale is still on that list.
  const listedThen = useRef<RefusedSale[] | undefined>(undefined);
  // Whether a list since has shown the sale gone: a list fetched before the action, which
  // can arrive after it, still shows the sale, and is not news of a refusal.
  const seenGone = useRef(false);
  useEvent(
    'salesChanged',
    useCallback((change: EventPayload<'salesChanged'>) => {
      setNotice((shown) =>
        shown && change.sales.every((sale) => noticeHolds(shown, sale.saleId, sale.state))
          ? shown
          : undefined,
      );
    }, []),
  );
  const saleId = notice?.sale?.saleId;
  const listedNow = refusedSales?.some((refusedSale) => refusedSale.saleId === saleId) ?? false;
  if (saleId !== undefined && refusedSales !== listedThen.current && refusedSales && !listedNow)
    seenGone.current = true;
  const refusedAgain =
    notice?.sale !== undefined &&
    seenGone.current &&
    refusedSales?.some((refusedSale) => !noticeHolds(notice, refusedSale.saleId, 'refused'));
  useEffect(() => {
    if (refusedAgain) setNotice(undefined);
  }, [refusedAgain]);
  return {
    notice: refusedAgain ? undefined : notice,
    show: (next: ScreenNotice | undefined) => {
      listedThen.current = refusedSales;
      seenGone.current = false;
      setNotice(next);
    },
  };
}

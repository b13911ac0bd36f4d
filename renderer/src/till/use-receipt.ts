// The receipt of the last sale on the till screen, printed at once if the shop wants it, and
// followed as the sale reaches the platform: the paper on screen, the browser's own Print
// and Ctrl+P never say "not yet on the platform" about a sale that is there. With a printer
// of its own the agent prints the receipt after the sale by itself, and a reprint is a job
// in its queue: the print dialog is not opened then.
import type { ComponentChildren } from 'preact';
import { useCallback, useRef, useState } from 'preact/hooks';
import type { MethodOutput } from '../../../main/contract/contract';
import { api } from '../api';
import { useEvent } from '../hooks';
import { printDocument, setPrintable } from '../print';
import { askPrinter, printsDirect, usePrinter } from '../printer';
import { useWords } from '../words';

export type Receipt = MethodOutput<'getReceipt'>;

export function useReceipt(
  paperOf: (receipt: Receipt) => ComponentChildren,
  onProblem: (text: string) => void,
) {
  const words = useWords();
  const [receipt, setReceipt] = useState<Receipt>();
  const report = (problem: string | undefined) => problem && onProblem(problem);
  const receiptRef = useRef(receipt);
  receiptRef.current = receipt;
  const direct = printsDirect(usePrinter());

  function show(value: Receipt, print: boolean) {
    setReceipt(value);
    setPrintable(paperOf(value));
    if (print && !direct) void printDocument(paperOf(value), { silent: true, words }).then(report);
  }

  useEvent(
    'salesChanged',
    useCallback(({ sales }) => {
      const shown = receiptRef.current?.saleId;
      if (!shown || !sales.some((sale) => sale.saleId === shown)) return;
      void api.getReceipt({ saleId: shown }).then((latest) => {
        // Unless the screen moved on meanwhile (a new sale cleared it).
        if (latest.ok && receiptRef.current?.saleId === shown) show(latest.value, false);
      });
    }, []),
  );

  return {
    receipt,
    show,
    /** A new sale began: the last one's receipt leaves the screen. */
    clear: () => setReceipt(undefined),
    /** The last receipt, read again now: it tells whether the sale has reached the platform. */
    async printLast() {
      const latest = await api.getReceipt(receipt ? { saleId: receipt.saleId } : {});
      if (!latest.ok) return onProblem(words.error(latest.error));
      setReceipt(latest.value);
      if (direct)
        report(await askPrinter(api.printReceipt({ saleId: latest.value.saleId }), words));
      else report(await printDocument(paperOf(latest.value), { words }));
    },
  };
}

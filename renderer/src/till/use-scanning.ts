// What a scan does at the till: a receipt's own barcode starts a return, a product's adds it
// to the cart, a code nobody knows beeps and is noted on the cart. Scans wait in the
// counter's queue, so they land in order behind a charge.
import type { RefObject } from 'preact';
import { useState } from 'preact/hooks';
import { noteUnknownCode } from '../../../domain/cart';
import { receiptNumberOf } from '../../../domain/receipt-code';
import type { ProductView } from '../../../domain/sale';
import { api } from '../api';
import { useWords } from '../words';
import { beep } from './beep';
import { useScanBursts } from './scan-bursts';
import type { useCounter } from './use-counter';

export function useScanning(
  searchRef: RefObject<HTMLInputElement | null>,
  { queue, update }: Pick<ReturnType<typeof useCounter>, 'queue' | 'update'>,
  add: (product: ProductView) => void,
  onProblem: (text: string) => void,
) {
  const words = useWords();
  // A return being made: the receipt scanned or typed ('' while the sale is being found).
  const [returning, setReturning] = useState<string>();

  function scan(code: string) {
    if (receiptNumberOf(code) !== null) return setReturning(code);
    queue.run(async () => {
      const found = await api.findProduct({ code });
      if (!found.ok) return onProblem(words.error(found.error));
      if (found.value) return add(found.value);
      beep();
      update((current) => noteUnknownCode(current, code));
    });
  }
  useScanBursts(searchRef, scan);

  return { scan, returning, setReturning };
}

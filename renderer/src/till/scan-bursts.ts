// A scan belongs to the cart whatever field has the focus: typed into a quantity, it would
// have set a quantity of 15012345000022 and lost the item (see scan-detector.ts for how a
// scanner is told from a person).
import type { RefObject } from 'preact';
import { useLayoutEffect, useRef } from 'preact/hooks';
import { createScanDetector } from './scan-detector';

const editable = (target: EventTarget | null): target is HTMLInputElement | HTMLTextAreaElement =>
  (target instanceof HTMLInputElement &&
    !['radio', 'checkbox', 'button', 'submit'].includes(target.type)) ||
  target instanceof HTMLTextAreaElement;

/**
 * Sends a scan made while another field has the focus to the cart: the field gets back what
 * it held before the burst, and the Enter that ended it does nothing else (it would have
 * charged, from the cash field). The scan field itself takes codes on its own.
 */
export function useScanBursts(
  scanField: RefObject<HTMLInputElement | null>,
  onCode: (code: string) => void,
): void {
  // The newest callback, read when a scan ends: listening must not restart mid-burst.
  const onCodeRef = useRef(onCode);
  onCodeRef.current = onCode;
  useLayoutEffect(() => {
    const detector = createScanDetector();
    let before: { field: HTMLInputElement | HTMLTextAreaElement; value: string } | undefined;
    const onKey = (event: KeyboardEvent) => {
      if (event.ctrlKey || event.metaKey || event.altKey) return;
      const { target } = event;
      if (event.key.length === 1) {
        const fresh = detector.character(event.key, event.timeStamp);
        // Read before the key lands: keydown comes first.
        if (fresh) before = editable(target) ? { field: target, value: target.value } : undefined;
        return;
      }
      if (event.key !== 'Enter') return;
      const code = detector.enter(event.timeStamp);
      if (!code || target === scanField.current || !before || before.field !== target) return;
      event.preventDefault();
      event.stopPropagation();
      before.field.value = before.value;
      before.field.dispatchEvent(new Event('input', { bubbles: true }));
      onCodeRef.current(code);
    };
    window.addEventListener('keydown', onKey, { capture: true });
    return () => window.removeEventListener('keydown', onKey, { capture: true });
  }, [scanField]);
}

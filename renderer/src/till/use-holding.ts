// Holding the sale on the counter and recalling a held one: the hold form's state and the
// two steps, queued behind scans like every other counter step.
import { useEffect, useRef, useState } from 'preact/hooks';
import { hasContent } from '../../../domain/cart';
import { useWords } from '../words';
import type { useCounter } from './use-counter';

export function useHolding(
  counter: ReturnType<typeof useCounter>,
  say: (tone: 'ok' | 'error', text: string) => void,
  /** After a hold or a recall: the last receipt goes and the scan field takes focus. */
  done: () => void,
) {
  const words = useWords();
  const [holding, setHolding] = useState(false);
  const noteRef = useRef<HTMLInputElement>(null);
  useEffect(() => noteRef.current?.focus(), [holding]);

  function hold(note: string) {
    counter.queue.run(async () => {
      const held = await counter.hold(note);
      setHolding(false);
      if (!held.ok) return say('error', words.error(held.error));
      const named = note.trim();
      say('ok', words.t('till.notice.held', { hasNote: named ? 'yes' : 'no', note: named }));
      done();
    });
  }

  function recall(cartId: string) {
    counter.queue.run(async () => {
      const aside = hasContent(counter.cartRef.current);
      const recalled = await counter.recall(cartId);
      if (!recalled.ok) return say('error', words.error(recalled.error));
      say('ok', words.t('till.notice.recalled', { aside: aside ? 'yes' : 'no' }));
      done();
    });
  }

  return { holding, setHolding, noteRef, hold, recall };
}

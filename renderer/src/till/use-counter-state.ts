// Hooks of the till screen: the product grid's search (a moment after typing stops, newest
// answer) and the keyboard shortcuts.
import type { RefObject } from 'preact';
import { useEffect, useLayoutEffect, useState } from 'preact/hooks';
import type { ProductView as Product } from '../../../domain/sale';
import { api } from '../api';
import { shortcutOf, type ShortcutAction } from './shortcuts';

export function useProductSearch(query: string, delayMs = 120): Product[] {
  const [products, setProducts] = useState<Product[]>([]);
  useEffect(() => {
    let current = true;
    const timer = setTimeout(() => {
      void api
        .searchProducts({ query })
        .then((result) => current && result.ok && setProducts(result.value));
    }, delayMs);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [query, delayMs]);
  return products;
}

const typesText = (element: Element | null) =>
  element instanceof HTMLInputElement
    ? !['radio', 'checkbox', 'button', 'submit'].includes(element.type)
    : element instanceof HTMLTextAreaElement || element instanceof HTMLSelectElement;

/**
 * Runs the till's shortcuts while the screen is shown (not while a question is asked or a
 * note typed, except printing, which works in every state), and sends a character typed
 * outside any field (a scan after a tap on a tab or a button) to
 * the scan field: moved during keydown, the focus takes the character with it.
 */
export function useShortcuts(
  actions: Record<ShortcutAction, () => void>,
  paused: boolean,
  scanField: RefObject<HTMLInputElement | null>,
): void {
  // A layout effect: listening from the moment the screen is shown, not a frame later.
  useLayoutEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const shortcut = shortcutOf(event);
      if (!shortcut) {
        const character =
          event.key.length === 1 && !event.ctrlKey && !event.metaKey && !event.altKey;
        if (character && !paused && !typesText(document.activeElement)) scanField.current?.focus();
        return;
      }
      if (paused && shortcut.action !== 'print') return;
      event.preventDefault();
      actions[shortcut.action]();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  });
}

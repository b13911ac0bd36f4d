// Hooks of the till screen: the cart (kept in a ref too, so queued steps read it as it is
// now), the product grid's search (a moment after typing stops, newest answer) and the
// keyboard shortcuts.
import type { RefObject } from 'preact';
import { useEffect, useLayoutEffect, useRef, useState } from 'preact/hooks';
import { api } from '../api';
import type { CartLine, Product } from './cart';
import { shortcutOf, type ShortcutAction } from './shortcuts';

export function useCart() {
  const cartRef = useRef<CartLine[]>([]);
  const [cart, setCartState] = useState<CartLine[]>([]);
  const setCart = (change: (lines: CartLine[]) => CartLine[]) => {
    cartRef.current = change(cartRef.current);
    setCartState(cartRef.current);
  };
  return { cart, cartRef, setCart };
}

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
 * Runs the till's shortcuts while the screen is shown (not while a question is asked), and
 * sends a character typed outside any field (a scan after a tap on a tab or a button) to
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
      if (paused) return;
      event.preventDefault();
      actions[shortcut.action]();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  });
}

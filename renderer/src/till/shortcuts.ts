// The till's keyboard shortcuts: one list, read both by the key handler and by the legend
// on screen, so what is shown is what works. Function keys, because the search field
// keeps the focus and takes every letter and digit a scanner types.

export const SHORTCUTS = [
  { key: 'F2', action: 'quantity', label: 'quantity of the line last scanned' },
  { key: 'F3', action: 'removeCurrent', label: 'remove the line last scanned' },
  { key: 'F4', action: 'nextPayment', label: 'next payment method' },
  { key: 'F5', action: 'discount', label: 'discount on the line or the sale' },
  { key: 'F6', action: 'hold', label: 'hold this sale' },
  { key: 'F7', action: 'customer', label: 'find a customer' },
  { key: 'F8', action: 'newSale', label: 'new sale' },
  { key: 'F9', action: 'charge', label: 'pay / charge' },
  { key: 'Control+P', action: 'print', label: 'print the last receipt' },
] as const;

export type ShortcutAction = (typeof SHORTCUTS)[number]['action'];

/** The shortcut a key press means, if any. */
export function shortcutOf(event: {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
}) {
  const name =
    (event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'p'
      ? 'Control+P'
      : event.altKey || event.ctrlKey || event.metaKey
        ? ''
        : event.key;
  return SHORTCUTS.find((shortcut) => shortcut.key === name);
}

/** How a key is written for people: Ctrl+P. */
export const keyLabel = (key: string) => key.replace('Control', 'Ctrl');

/** aria-keyshortcuts for the control an action belongs to. */
export const ariaKeys = (action: ShortcutAction) =>
  SHORTCUTS.find((shortcut) => shortcut.action === action)!.key;

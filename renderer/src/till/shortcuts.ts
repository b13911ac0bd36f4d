// The till's keyboard shortcuts: one list, read both by the key handler and by the legend
// on screen, so what is shown is what works. Function keys, because the search field
// keeps the focus and takes every letter and digit a scanner types. Each label is a
// catalog key: the legend says it in the till's language.
import type { Translator } from '../../../domain/i18n/messages.js';

export const SHORTCUTS = [
  { key: 'F2', action: 'quantity', label: 'till.shortcut.quantity' },
  { key: 'F3', action: 'removeCurrent', label: 'till.shortcut.removeCurrent' },
  { key: 'F4', action: 'nextPayment', label: 'till.shortcut.nextPayment' },
  { key: 'F5', action: 'discount', label: 'till.shortcut.discount' },
  { key: 'F6', action: 'hold', label: 'till.shortcut.hold' },
  { key: 'F7', action: 'customer', label: 'till.shortcut.customer' },
  { key: 'F8', action: 'newSale', label: 'till.shortcut.newSale' },
  { key: 'F9', action: 'charge', label: 'till.shortcut.charge' },
  { key: 'Control+P', action: 'print', label: 'till.shortcut.print' },
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

/** How a key is written for people: Ctrl+P (Strg+P in German). */
export const keyLabel = (key: string, words: Translator) =>
  key.replace('Control', words.t('till.shortcuts.ctrl'));

/** aria-keyshortcuts for the control an action belongs to. */
export const ariaKeys = (action: ShortcutAction) =>
  SHORTCUTS.find((shortcut) => shortcut.action === action)!.key;

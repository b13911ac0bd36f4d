// The keyboard's actions on the cart: the current line (the last one scanned or changed)
// selected to type its quantity over, or taken out; a discount or a hold, once there are lines.
import { currentLine, removeLine, type CartContent } from '../../../domain/cart';
import type { Translator } from '../../../domain/i18n/messages';
import { quantityFieldId } from '../components/cart-lines';

export function cartActions(
  cartRef: { current: CartContent },
  update: (change: (cart: CartContent) => CartContent) => void,
  say: (tone: 'error', text: string) => void,
  then: { discount: () => void; hold: () => void },
  words: Translator,
) {
  const withLines = (none: string, action: () => void) => () =>
    cartRef.current.lines.length === 0 ? say('error', none) : action();
  return {
    quantity() {
      const line = currentLine(cartRef.current);
      if (!line) return say('error', words.t('till.notice.noLineToChange'));
      const field = document.getElementById(quantityFieldId(line.product.id));
      if (field instanceof HTMLInputElement) field.select();
    },
    removeCurrent() {
      const line = currentLine(cartRef.current);
      if (!line) return say('error', words.t('till.notice.noLineToRemove'));
      update((current) => removeLine(current, line.product.id));
    },
    discount: withLines(words.t('till.notice.nothingToDiscount'), then.discount),
    hold: withLines(words.t('till.notice.nothingToHold'), then.hold),
  };
}

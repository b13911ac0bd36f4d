// The Till screen's discounts: the cart's figures after them (what each line's own discount
// takes off, the total charged, or why a discount is not valid yet), and the small form F5
// or Discount opens. The cart keeps the discounts; this only shows and changes them.
import { useEffect, useRef, useState } from 'preact/hooks';
import { cartLocale, cartTotalMinor, type CartContent } from '../../../domain/cart';
import { chargedCart, setDiscount } from '../../../domain/cart-charged';
import { DiscountForm, SaleDiscountRows } from '../components/discount-form';
import { useWords } from '../words';

export function useDiscounting(options: {
  cart: CartContent;
  currency: string;
  money: (minor: number) => string;
  update: (change: (cart: CartContent) => CartContent) => void;
  /** Back to scanning once the form closes. */
  done: () => void;
}) {
  const { cart, money } = options;
  const words = useWords();
  const [open, setOpen] = useState(false);
  const firstRef = useRef<HTMLInputElement>(null);
  useEffect(() => firstRef.current?.focus(), [open]);
  const close = () => {
    setOpen(false);
    options.done();
  };

  // What the customer pays, after the discounts (before them while one is not valid yet).
  const charged = chargedCart(cart, options.currency, words);
  const totalMinor = charged.ok
    ? charged.value.chargedTotalMinor
    : cartTotalMinor(cart.lines, cartLocale(cart));
  const lineDiscounts = new Map(
    charged.ok
      ? charged.value.lines.map((line) => [line.product.id, line.lineDiscountMinor] as const)
      : [],
  );
  const rows = (
    <>
      {cart.discount && charged.ok && (
        <SaleDiscountRows
          discount={cart.discount}
          totalMinor={charged.value.chargedTotalMinor}
          offMinor={charged.value.saleDiscountMinor}
          money={money}
        />
      )}
      {!charged.ok && <p class="hint line-problem">{charged.problem}</p>}
    </>
  );
  const form = open && (
    <DiscountForm
      cart={cart}
      currency={options.currency}
      firstRef={firstRef}
      onApply={(target, discount) => {
        options.update((now) => setDiscount(now, target, discount));
        close();
      }}
      onCancel={close}
    />
  );
  return { open, start: () => setOpen(true), totalMinor, lineDiscounts, rows, form };
}

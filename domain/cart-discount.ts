// A discount as the cashier types it into the cart: a percent or an amount, as text, with
// its reason. The cart keeps it as typed (saved on every change, like the quantities) and
// it becomes the sale's discount (domain/discount.ts) when the cart is charged.
import { z } from 'zod';
import {
  discountSchema,
  MAX_DISCOUNT_REASON,
  type Discount,
  type DiscountInput,
} from './discount.js';
import { parseAmount } from './typed-amounts.js';
import { english, type Translator } from './i18n/messages.js';
import { saidOfIssue } from './i18n/said.js';

export const cartDiscount = z.object({
  kind: z.enum(['percent', 'amount']),
  /** As typed in the cart's locale: "10", "12.5" (percent), "1,50" (amount in the till's currency). */
  text: z.string().max(32),
  reason: z.string().max(MAX_DISCOUNT_REASON),
});
export type CartDiscount = z.infer<typeof cartDiscount>;

type Parsed<T> = { ok: true; value: T } | { ok: false; problem: string };

/**
 * The discount as a sale takes it (minor units), or what is wrong in a cashier's words: in
 * `words`' language (English by default).
 */
export function discountInputOf(
  typed: CartDiscount,
  currency: string,
  locale: string,
  words: Translator = english,
): Parsed<DiscountInput> {
  const text = typed.text.trim();
  if (typed.reason.trim() === '')
    return { ok: false, problem: words.t('field.cart.discountReason') };
  if (typed.kind === 'percent') {
    const match = /^(\d{1,3})(?:[.,](\d{1,2}))?$/.exec(text);
    const percent = match ? Number(`${match[1]}.${match[2] ?? '0'}`) : Number.NaN;
    if (!(percent > 0 && percent <= 100))
      return { ok: false, problem: words.t('field.cart.discountPercent') };
    return { ok: true, value: { percent, reason: typed.reason.trim() } };
  }
  const field = words.t('field.cart.amountOff');
  const amount = parseAmount(text, { currency, locale, field });
  if (!amount.ok) return { ok: false, problem: words.say(amount.error) };
  if (amount.value === 0)
    return { ok: false, problem: words.t('field.cart.amountOffMoreThanZero') };
  return { ok: true, value: { amountMinor: amount.value, reason: typed.reason.trim() } };
}

/** The discount checked as the sale will check it, or what is wrong. */
export function cartDiscountOf(
  typed: CartDiscount,
  currency: string,
  locale: string,
  words: Translator = english,
): Parsed<Discount> {
  const input = discountInputOf(typed, currency, locale, words);
  if (!input.ok) return input;
  const parsed = discountSchema.safeParse(input.value);
  if (parsed.success) return { ok: true, value: parsed.data };
  const issue = parsed.error.issues[0];
  return {
    ok: false,
    problem: issue ? words.say(saidOfIssue(issue)) : words.t('field.cart.discountNotValid'),
  };
}

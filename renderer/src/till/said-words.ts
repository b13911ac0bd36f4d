// Words the till's parts share: a payment method (the three the till knows have words; a
// method the shop invented is shown as its code, lowercased), how long ago something was, and
// how a refund goes back.
import type { Translator } from '../../../domain/i18n/messages.js';
import { CASH_METHOD } from '../../../domain/payment-methods.js';
import { methodLabel } from '../../../domain/views/money-format.js';

/** A payment method in the till's language: CASH is "Bargeld" in German. */
export const methodWords = (method: string, words: Translator) =>
  words.t('till.payment.method', { method, name: methodLabel(method) });

/**
 * How long ago a moment was, in the till's language ("3 minutes ago", "vor 3 Minuten"):
 * seconds read as just now, then minutes up to 90, hours up to two days, then days.
 */
export function timeAgo(at: number, now: number, words: Translator): string {
  const seconds = Math.round(Math.max(0, now - at) / 1000);
  const relative = new Intl.RelativeTimeFormat(words.locale, { numeric: 'auto' });
  if (seconds < 45) return words.t('till.time.justNow');
  if (seconds < 5400) return relative.format(-Math.round(seconds / 60), 'minute');
  if (seconds < 172_800) return relative.format(-Math.round(seconds / 3600), 'hour');
  return relative.format(-Math.round(seconds / 86_400), 'day');
}

/** How a refund goes back: "Give back 4,50 € in cash", or by the method the sale was paid with. */
export const moneyBackWords = (method: string, amount: string, words: Translator) =>
  method === CASH_METHOD
    ? words.t('till.return.giveBackCash', { amount })
    : words.t('till.return.refundBy', { amount, method: methodWords(method, words) });

// Amounts a person types on the shift's forms ("52.50"), read exactly into minor units by
// the same parsing as the cash tendered at the till. A bad amount names its field.
import { parseMoney } from '../../../domain/money.js';

export type ParsedAmount = { ok: true; minor: number } | { ok: false; message: string };

const example = (decimals: number) => (decimals === 0 ? '20' : '20 or 20.50');

/** The amount typed in a field, or what is wrong with it, naming the field. */
export function amountOf(text: string, decimals: number, field: string): ParsedAmount {
  if (text.trim() === '')
    return { ok: false, message: `${field}: type an amount, like ${example(decimals)}.` };
  const minor = parseMoney(text, decimals);
  if (minor === undefined)
    return {
      ok: false,
      message: `${field}: "${text.trim()}" is not an amount. Type it like ${example(decimals)}${decimals === 0 ? ', with no decimals' : `, with at most ${decimals} decimals`}.`,
    };
  return { ok: true, minor };
}

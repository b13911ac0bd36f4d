// Money as a person reads it, the same on screen, on paper and in the terminal.

/**
 * Minor units (cents) in the currency's format: 1047 USD is "$10.47" (or "USD 10.47" by
 * code, for paper that cannot print every currency's symbol). The runtime's locale unless
 * one is given (golden files fix it).
 */
export function formatMoney(
  minor: number,
  currency: string,
  decimals: number,
  display: 'symbol' | 'code' = 'symbol',
  locale?: string,
): string {
  return new Intl.NumberFormat(locale, {
    style: 'currency',
    currency,
    currencyDisplay: display,
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
  }).format(minor / 10 ** decimals);
}

/** A payment method's name for people: MOBILE_MONEY is "mobile money". */
export const methodLabel = (method: string) => method.replace(/_/g, ' ').toLowerCase();

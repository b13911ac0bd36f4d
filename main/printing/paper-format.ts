// Money and words as a given printer can print them: the currency's digits, its code
// ("NGN 12.34") where the printer's code pages have no symbol for it (no ₦ on an Epson), and
// the till's locale (its language, its numbers). Small on purpose: the agent loads it with
// every report, the encoder only with the first job.
import { currencyDecimals } from '../../domain/money.js';
import type { PaperFormat } from '../../domain/views/receipt-document.js';
import { currencyDisplayFor, type PrintLayout } from './escpos-document.js';

export const paperFormat = (
  currency: string,
  layout: PrintLayout,
  locale?: string,
): PaperFormat => ({
  decimals: currencyDecimals(currency),
  currencyDisplay: currencyDisplayFor(currency, layout.profile, locale),
  ...(locale === undefined ? {} : { locale }),
});

// Money as a given printer can print it: the currency's digits, and its code ("NGN 12.34")
// where the printer's code pages have no symbol for it (no ₦ on an Epson). Small on purpose:
// the agent loads it with every report, the encoder only with the first job.
import { currencyDecimals } from '../../domain/money.js';
import type { PaperFormat } from '../../domain/views/receipt-document.js';
import { currencyDisplayFor, type PrintLayout } from './escpos-document.js';

export const paperFormat = (currency: string, layout: PrintLayout): PaperFormat => ({
  decimals: currencyDecimals(currency),
  currencyDisplay: currencyDisplayFor(currency, layout.profile),
});

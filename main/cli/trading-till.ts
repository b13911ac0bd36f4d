// What the `shift` and `cashiers` commands work with: the till's store, the desk that holds
// its rules, its currency (amounts typed and shown), and who is acting.
import type { Command } from 'commander';
import { currencyDecimals } from '../../domain/money.js';
import type { Translator } from '../../domain/i18n/messages.js';
import { formatMoney } from '../../domain/views/money-format.js';
import type { Store } from '../../db/store.js';
import { createDesk, type Actor, type Desk } from '../trading/desk.js';
import { actorOf, type ActingOptions } from './acting-cashier.js';
import { amountOption, cliLocale } from './amount-option.js';
import { createPinReader, type PinReader } from './pin-input.js';
import { withStore, type CliTill } from './store-access.js';
import { tillWords } from './words.js';

export interface TradingTill {
  store: Store;
  found: CliTill;
  desk: Desk;
  currency: string;
  /** How numbers are typed and shown: the till's locale, else the terminal's (LANG). */
  locale: string;
  /** The till's words for text output, in that locale. */
  words: Translator;
  readPin: PinReader;
  /** An amount typed for `option`, in minor units (exit 2 naming the option when it is not one). */
  amount(text: string | undefined, option: string): number;
  /** Minor units as a person reads them: "$52.50" ("52,50 €" in Germany). */
  money(minor: number): string;
  /** Who acts: the anonymous cashier, or the one --cashier signs in, with --manager's approval. */
  actor(options: ActingOptions): Promise<Actor>;
}

export function withTradingTill<T>(
  command: Command,
  action: (till: TradingTill) => T | Promise<T>,
): Promise<T> {
  return withStore(command, (store, found) => {
    const desk = createDesk(() => store);
    const settings = store.settings.read();
    const { currency } = settings;
    const locale = cliLocale(settings.locale);
    const words = tillWords(store);
    const decimals = currencyDecimals(currency);
    const readPin = createPinReader(words);
    return action({
      store,
      found,
      desk,
      currency,
      locale,
      words,
      readPin,
      amount: (text, option) => amountOption(text, option, currency, locale),
      money: (minor) => formatMoney(minor, currency, decimals, 'symbol', locale),
      actor: (options) => actorOf(store, desk, options, readPin, words),
    });
  });
}

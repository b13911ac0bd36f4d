// Who acts, from the command line: with no cashiers set up, the one anonymous cashier, as
// at the till; with cashiers, `--cashier NAME` signs in for this one command and
// `--manager NAME` brings a manager's approval, each with a PIN (main/cli/pin-input.ts).
// The rules themselves are the desk's (main/trading/desk.ts), the same as at the till.
import type { Command } from 'commander';
import { pinEntry, type CashierView } from '../../domain/cashier.js';
import type { Translator } from '../../domain/i18n/messages.js';
import type { Store } from '../../db/store.js';
import type { Actor, Desk } from '../trading/desk.js';
import { EXIT } from './exit-codes.js';
import { CliError } from './io.js';
import type { PinReader } from './pin-input.js';
import { accepted } from './refusal.js';

export interface ActingOptions {
  cashier?: string;
  manager?: string;
}

export const CASHIER_PIN_ENV = 'TILLSYNC_PIN';
export const MANAGER_PIN_ENV = 'TILLSYNC_MANAGER_PIN';

/** The --cashier and --manager options, with where their PINs come from. */
export function addActingOptions(command: Command, help: Translator): Command {
  return command
    .option('--cashier <name>', help.t('cli.help.acting.cashier', { env: CASHIER_PIN_ENV }))
    .option('--manager <name>', help.t('cli.help.acting.manager', { env: MANAGER_PIN_ENV }));
}

/** The cashier of that name (any case), or a clear error naming the option, in `words`. */
export function cashierNamed(
  store: Store,
  name: string,
  option: string,
  words: Translator,
): CashierView {
  const wanted = name.trim().toLowerCase();
  const found = store.cashiers.list().find((cashier) => cashier.name.toLowerCase() === wanted);
  if (found) return found;
  throw new CliError(
    words.t('cli.acting.noCashierNamed', { option, name: name.trim() }),
    EXIT.invalidInput,
  );
}

/** A PIN as the desk takes it; one that is not 4 to 8 digits is refused before it counts as wrong. */
async function pinFor(
  cashier: CashierView,
  readPin: PinReader,
  env: string,
  option: string,
  words: Translator,
) {
  const pin = await readPin({ prompt: words.t('cli.pin.prompt', { name: cashier.name }), env });
  const entry = pinEntry.safeParse({ cashierId: cashier.id, pin });
  if (!entry.success)
    throw new CliError(
      words.t('cli.acting.pinDigits', { option, name: cashier.name }),
      EXIT.invalidInput,
    );
  return entry.data;
}

/** The actor of this command: signed in with --cashier's PIN, with --manager's approval. */
export async function actorOf(
  store: Store,
  desk: Desk,
  options: ActingOptions,
  readPin: PinReader,
  words: Translator,
): Promise<Actor> {
  if (!store.cashiers.hasCashiers()) {
    if (options.cashier !== undefined || options.manager !== undefined)
      throw new CliError(words.t('cli.acting.noCashiers'), EXIT.invalidInput);
    return { signedIn: null };
  }
  const actor: Actor = { signedIn: null };
  if (options.cashier !== undefined) {
    const cashier = cashierNamed(store, options.cashier, '--cashier', words);
    actor.signedIn = accepted(
      desk.signIn(await pinFor(cashier, readPin, CASHIER_PIN_ENV, '--cashier', words)),
      words,
    );
  }
  if (options.manager !== undefined) {
    const manager = cashierNamed(store, options.manager, '--manager', words);
    actor.approval = await pinFor(manager, readPin, MANAGER_PIN_ENV, '--manager', words);
  }
  return actor;
}

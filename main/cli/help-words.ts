// Commander's own words in the help (its section titles, the help option and command) in the
// terminal's language. Its error messages ("unknown option") have no hook short of rewriting
// them, so they stay English.
import type { Command } from 'commander';
import type { MessageKey, Translator } from '../../domain/i18n/messages.js';

/** The titles commander's help prints, each with its words. */
const TITLES: Readonly<Record<string, MessageKey>> = {
  'Usage:': 'cli.help.title.usage',
  'Arguments:': 'cli.help.title.arguments',
  'Options:': 'cli.help.title.options',
  'Global Options:': 'cli.help.title.globalOptions',
  'Commands:': 'cli.help.title.commands',
};

/** `program` with commander's words in `help`; set before any command is added (they inherit it). */
export function commanderInWords(program: Command, help: Translator): Command {
  const helpFor = help.t('cli.help.helpFor');
  return program
    .helpOption('-h, --help', helpFor)
    .helpCommand('help [command]', helpFor)
    .configureHelp({
      styleTitle: (title) => {
        const key = TITLES[title];
        return key ? help.t(key) : title;
      },
    });
}

/** Values a flag takes, as the terminal's language lists them: "csv or json", "csv oder json". */
export const eitherOf = (help: Translator, values: readonly string[]): string =>
  new Intl.ListFormat(help.locale, { type: 'disjunction' }).format(values);

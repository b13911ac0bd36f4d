// Commander's own words in the help (its section titles, the help option and command, the
// "(default: ...)" after an option) in the terminal's language. Its error messages ("unknown
// option") have no hook short of rewriting them, so they stay English.
import { Help, type Argument, type Command, type Option } from 'commander';
import type { MessageKey, Translator } from '../../domain/i18n/messages.js';

/** The titles commander's help prints, each with its words. */
const TITLES: Readonly<Record<string, MessageKey>> = {
  'Usage:': 'cli.help.title.usage',
  'Arguments:': 'cli.help.title.arguments',
  'Options:': 'cli.help.title.options',
  'Global Options:': 'cli.help.title.globalOptions',
  'Commands:': 'cli.help.title.commands',
};

/** Commander's "(default: x)" after a description, in `help`; any other note it adds stays as is. */
function defaultInWords(help: Translator, description: string, described: string): string {
  const note = /^ \(default: (.*)\)$/s.exec(described.slice(description.length));
  if (!described.startsWith(description) || !note) return described;
  return `${description} (${help.t('cli.help.default', { value: note[1]! })})`;
}

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
      optionDescription(this: Help, option: Option) {
        const described = Help.prototype.optionDescription.call(this, option);
        return defaultInWords(help, option.description ?? '', described);
      },
      argumentDescription(this: Help, argument: Argument) {
        const described = Help.prototype.argumentDescription.call(this, argument);
        return defaultInWords(help, argument.description ?? '', described);
      },
    });
}

/** Values a flag takes, as the terminal's language lists them: "csv or json", "csv oder json". */
export const eitherOf = (help: Translator, values: readonly string[]): string =>
  new Intl.ListFormat(help.locale, { type: 'disjunction' }).format(values);

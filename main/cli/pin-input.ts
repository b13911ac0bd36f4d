// PINs for the CLI, never as an argument (it would stay in the shell's history and the
// process list): from an environment variable when the caller set one, else typed at the
// terminal without echo, else one line of standard input each, in the order asked.
import type { Translator } from '../../domain/i18n/messages.js';
import { EXIT } from './exit-codes.js';
import { CliError, readStdin } from './io.js';

export interface PinAsk {
  /** What the prompt asks for: "PIN for Ann". */
  prompt: string;
  /** The environment variable that may hold it (TILLSYNC_PIN, TILLSYNC_MANAGER_PIN). */
  env?: string;
}

const CTRL_C = '\u0003';
const BACKSPACES = new Set(['\u007f', '\b']);

/** Typed at the terminal, shown as nothing; Ctrl-C stops the command. */
function typedHidden(prompt: string, words: Translator): Promise<string> {
  const input = process.stdin;
  process.stderr.write(`${prompt}: `);
  return new Promise((resolve, reject) => {
    let typed = '';
    const finish = () => {
      input.off('data', onData);
      input.setRawMode(false);
      input.pause();
      process.stderr.write('\n');
    };
    const onData = (chunk: string) => {
      for (const char of chunk) {
        if (char === '\r' || char === '\n') return void (finish(), resolve(typed));
        if (char === CTRL_C)
          return void (finish(), reject(new CliError(words.t('cli.pin.stopped'))));
        typed = BACKSPACES.has(char) ? typed.slice(0, -1) : typed + char;
      }
    };
    input.setEncoding('utf8');
    input.setRawMode(true);
    input.on('data', onData);
    input.resume();
  });
}

/** Asks for PINs as a command needs them; standard input is read only if a PIN is needed. */
export function createPinReader(words: Translator, env: NodeJS.ProcessEnv = process.env) {
  let piped: Promise<string[]> | undefined;
  const pipedLines = () => (piped ??= readStdin().then((text) => text.split(/\r?\n/)));

  return async function readPin({ prompt, env: variable }: PinAsk): Promise<string> {
    const fromEnv = variable ? env[variable] : undefined;
    if (fromEnv) return fromEnv.trim();
    if (process.stdin.isTTY) return (await typedHidden(prompt, words)).trim();
    const line = (await pipedLines()).shift();
    if (line === undefined || line.trim() === '')
      throw new CliError(
        words.t('cli.pin.needed', { prompt, variable: variable ?? 'none' }),
        EXIT.invalidInput,
      );
    return line.trim();
  };
}

export type PinReader = ReturnType<typeof createPinReader>;

/** A new cashier's PIN: typed twice at a terminal (a typo is not noticed otherwise), once when piped. */
export async function readNewPin(
  readPin: PinReader,
  name: string,
  words: Translator,
): Promise<string> {
  const pin = await readPin({ prompt: words.t('cli.pin.newPrompt', { name }) });
  if (!process.stdin.isTTY) return pin;
  if ((await readPin({ prompt: words.t('cli.pin.againPrompt') })) !== pin)
    throw new CliError(words.t('cli.pin.notSame'), EXIT.invalidInput);
  return pin;
}

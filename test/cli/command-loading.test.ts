import { describe, expect, it } from 'vitest';
import { appVersion } from '../../main/config/package-info.js';
import { buildProgram, COMMAND_NAMES } from '../../main/cli/main.js';

const registered = async (argv?: string[]) =>
  (await buildProgram(argv)).commands.map((command) => command.name());

describe('the tillsync program', () => {
  it('lists every command its modules declare, each once, for help', async () => {
    const all = await registered();
    expect(all).toEqual(COMMAND_NAMES);
    expect(new Set(all).size).toBe(all.length);
    expect(all).toEqual(expect.arrayContaining(['status', 'daemon', 'sync', 'restore']));
  });

  it('loads only the module of the command a run names, past the global option', async () => {
    expect(await registered(['status', '--json'])).toEqual(['status']);
    expect(await registered(['--data-dir', '/tmp/till', 'restore', 'x.db'])).toEqual([
      'backup',
      'restore',
    ]);
    expect(await registered(['--data-dir=/tmp/till', 'refused', 'retry', '3'])).toEqual([
      'refused',
    ]);
  });

  it('loads every command for help or a name it does not know', async () => {
    for (const argv of [[], ['--help'], ['help', 'status'], ['fly']]) {
      expect(await registered(argv)).toEqual(COMMAND_NAMES);
    }
  });

  it('loads no command to print its version, and prints it', async () => {
    expect(await registered(['--version'])).toEqual([]);
    expect(await registered(['--data-dir', '/tmp/till', '-V'])).toEqual([]);
    const written: string[] = [];
    const program = await buildProgram(['--version']);
    program.configureOutput({ writeOut: (text) => written.push(text) });
    await expect(program.parseAsync(['--version'], { from: 'user' })).rejects.toMatchObject({
      exitCode: 0,
    });
    expect(written.join('')).toBe(`${appVersion}\n`);
  });
});

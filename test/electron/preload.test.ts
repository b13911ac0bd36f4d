// The preload is the page's only bridge: it must expose every contract method, each sending
// its input on its own channel, and the contract's events, and nothing else. Electron's
// binary cannot run here, so its two preload modules are stood in for by recorders.
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { eventChannel, methodChannel } from '../../main/electron/channels.js';
import { METHOD_NAMES } from '../../main/contract/names.js';

const exposed = new Map<string, Record<string, unknown>>();
const invoked: Array<{ channel: string; input: unknown }> = [];
const listening: string[] = [];

vi.mock('electron', () => ({
  contextBridge: {
    exposeInMainWorld: (name: string, api: Record<string, unknown>) => exposed.set(name, api),
  },
  ipcRenderer: {
    invoke: (channel: string, input: unknown) => {
      invoked.push({ channel, input });
      return Promise.resolve({ ok: true, value: channel });
    },
    on: (channel: string) => listening.push(channel),
    removeListener: (channel: string) => listening.splice(listening.indexOf(channel), 1),
  },
}));

beforeAll(async () => {
  await import('../../main/electron/preload.js');
});

describe('the preload', () => {
  it('exposes the contract to the page and a print function, nothing else', () => {
    expect([...exposed.keys()].sort()).toEqual(['tillsync', 'tillsyncDesktop']);
    expect(Object.keys(exposed.get('tillsync')!).sort()).toEqual([...METHOD_NAMES, 'on'].sort());
  });

  it('sends each method on its own channel with its input, and returns the answer', async () => {
    const api = exposed.get('tillsync')!;
    for (const method of METHOD_NAMES) {
      const call = api[method] as (input: unknown) => Promise<unknown>;
      await expect(call({ probe: method })).resolves.toEqual({
        ok: true,
        value: methodChannel(method),
      });
    }
    expect(invoked).toEqual(
      METHOD_NAMES.map((method) => ({ channel: methodChannel(method), input: { probe: method } })),
    );
  });

  it('subscribes to the contract events only, and unsubscribes', () => {
    const on = exposed.get('tillsync')!.on as (event: string, listener: () => void) => () => void;
    const stop = on('status', () => undefined);
    expect(listening).toEqual([eventChannel('status')]);
    stop();
    expect(listening).toEqual([]);
    expect(() => on('secrets', () => undefined)).toThrow(/no event secrets/);
  });
});

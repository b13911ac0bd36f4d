// A change to the shift reaches every screen at once: the status event names it without
// waiting for the sync engine's next look at the database (a minute here).
import { afterEach, describe, expect, it } from 'vitest';
import type { EventPayload } from '../../main/contract/contract.js';
import { createService } from '../../main/agent/service.js';
import { consoleRuntime } from '../helpers/runtime.js';
import { tempDir } from '../helpers/temp-dir.js';

type Status = EventPayload<'status'>;
let close: () => Promise<void> = async () => {};
afterEach(() => close());

describe('the shift in the status', () => {
  it('is told to the screens as soon as a shift opens, starts closing, or closes', async () => {
    const runtime = await consoleRuntime(tempDir(), { sync: { pollIntervalMs: 60_000 } });
    close = async () => void (await runtime.close());
    const service = createService(runtime);
    const heard: Status[] = [];
    runtime.events.on('status', (status: Status) => heard.push(status));
    const next = async (check: (status: Status) => boolean) => {
      const deadline = Date.now() + 3_000;
      while (!heard.some(check)) {
        if (Date.now() > deadline) throw new Error('no status event told the change');
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      heard.length = 0;
    };

    expect(await service.call('openShift', { floatMinor: 5_000 })).toMatchObject({ ok: true });
    await next((status) => status.shift?.state === 'open' && status.shift.floatMinor === 5_000);
    expect(await service.call('beginClose', {})).toMatchObject({ ok: true });
    await next((status) => status.shift?.state === 'closing');
    const closed = await service.call('closeShift', { count: { countedMinor: 5_000 } });
    expect(closed).toMatchObject({ ok: true, value: { number: 1, differenceMinor: 0 } });
    await next((status) => status.shift === null);
  });
});

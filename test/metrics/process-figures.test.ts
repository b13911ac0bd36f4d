// The process figures a soak run reads from the metrics endpoint: the heap, and the event
// loop's delay since the previous read (a blocked loop shows once, then no more).
import { describe, expect, it } from 'vitest';
import { startProcessFigures } from '../../main/metrics/process-figures.js';

const idle = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('process figures', () => {
  it('tell a loop blocked for 400 ms from one left alone, read by read', async () => {
    const figures = startProcessFigures();
    await idle(100);
    figures.read();
    await idle(20);
    const until = performance.now() + 400;
    while (performance.now() < until); // the loop held: no timer can run
    await idle(50);
    const blocked = figures.read();
    await idle(300);
    const after = figures.read();
    figures.stop();
    expect(blocked.eventLoopDelayP99Seconds).toBeGreaterThan(0.35);
    // A busy machine may delay an idle loop too, but not by most of the 400 ms.
    expect(after.eventLoopDelayP99Seconds).toBeLessThan(0.3);
    expect(blocked.heapUsedBytes).toBeGreaterThan(1024 * 1024);
  });
});

// The fleet run's checks catch what they must: a request sent while the platform asked
// the till to wait (however the wait was written), one under a key the platform refused,
// and a status that does not say so. Fed answers as the platform records them.
import { describe, expect, it } from 'vitest';
import { syncTuningSchema } from '../../../main/config/agent-config.js';
import { EPOCH } from '../world.js';
import { createFleetChecks } from './fleet-checks.js';
import type { FleetTill } from './fleet-till.js';

function tillWith(status: { throttledUntil: number | null; paused: unknown; link: string }) {
  return {
    index: 0,
    wallAt: (at: number) => EPOCH + at,
    config: { apiKey: 'k', sync: syncTuningSchema.parse({ retryAfterCapMs: 600_000 }) },
    engine: { status: () => status },
  } as unknown as FleetTill;
}

const request = (sentAt: number, status: number, retryAfter: string | null = null) => ({
  till: 0,
  sentAt,
  answeredAt: sentAt + 10,
  status,
  retryAfter,
  apiKey: 'k',
});

describe('fleet checks', () => {
  it('flag a request sent inside a Retry-After wait, in seconds or as a date, capped at the policy', () => {
    const checks = createFleetChecks([
      tillWith({ throttledUntil: 1, paused: null, link: 'online' }),
    ]);
    const date = new Date(EPOCH + 10_010 + 5000).toUTCString();
    checks.requestViolations([
      request(0, 429, '5'),
      request(3000, 201), // inside the 5 s
      request(10_000, 503, date),
      request(12_000, 201), // inside the date's wait
      request(20_000, 429, String(10 * 365 * 86_400)), // ten years: ten minutes
      request(20_000 + 600_010 + 1, 201), // after the cap: fine
    ]);
    expect(checks.violations).toEqual([
      expect.stringContaining('till 0 sent at 3000 ms'),
      expect.stringContaining('till 0 sent at 12000 ms'),
    ]);
  });

  it('take 0, a negative wait and a date in the past as no wait', () => {
    const checks = createFleetChecks([
      tillWith({ throttledUntil: null, paused: null, link: 'online' }),
    ]);
    const past = new Date(EPOCH - 3_600_000).toUTCString();
    checks.requestViolations([
      request(0, 429, '0'),
      request(100, 429, '-5'),
      request(200, 429, past),
      request(300, 201),
    ]);
    expect(checks.violations).toEqual([]);
  });

  it('flag a request under a refused key, and a status that says neither the wait nor the refusal', () => {
    const checks = createFleetChecks([
      tillWith({ throttledUntil: null, paused: null, link: 'online' }),
    ]);
    const requests = [request(0, 429, '60')];
    checks.statusNow(requests, 5000);
    requests.push(request(61_000, 401));
    checks.statusNow(requests, 65_000);
    checks.requestViolations([...requests, request(70_000, 201)]);
    expect(checks.violations).toEqual([
      expect.stringContaining('its status says no wait (at 5000 ms)'),
      expect.stringContaining('key was refused at 61010 ms, its status says online'),
      expect.stringContaining('sent at 70000 ms under a key refused at 61010 ms'),
    ]);
  });
});

// Fault settings are refused when they make no sense, with a problem naming the setting,
// whichever way they come: a spec string, JSON to the admin endpoint, startSandbox().
import { describe, expect, it } from 'vitest';
import { parseFaultSpec } from '../../sandbox/index.js';
import { sandboxForTest } from './helpers.js';

describe('sandbox: fault settings', () => {
  it('refuses a negative latency instead of reading "-5" as the range 0-5', async () => {
    const parsed = parseFaultSpec('latency=-5');
    expect(parsed.success).toBe(false);
    expect(parsed.error!.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['latencyMs', 'must be a number of ms, 0 or more, or a range of them like 20-80'],
    ]);
    expect(parseFaultSpec('latency=80-20').error!.issues[0]).toMatchObject({
      path: ['latencyMs'],
      message: 'must be a range from low to high, like 20-80',
    });
    expect(parseFaultSpec('latency=20-80').data!.latencyMs).toEqual([20, 80]);
    expect(parseFaultSpec('latency=1.5 - 2.5').data!.latencyMs).toEqual([1.5, 2.5]);
    expect(parseFaultSpec('latency=40').data!.latencyMs).toBe(40);
    await expect(sandboxForTest({ faults: 'latency=-5' })).rejects.toThrow(/latencyMs/);
  });

  it('answers the admin endpoint 422 naming latencyMs, and keeps the settings it had', async () => {
    const sandbox = await sandboxForTest({ faults: 'latency=3' });
    const put = (body: unknown) =>
      fetch(`${sandbox.adminUrl}/admin/faults`, {
        method: 'PUT',
        headers: {
          authorization: `Bearer ${sandbox.adminToken}`,
          'content-type': 'application/json',
        },
        body: JSON.stringify(body),
      });
    for (const body of [{ latency: -5 }, { latency: '-5' }, { latencyMs: [10, -1] }]) {
      const answer = await put(body);
      expect(answer.status, JSON.stringify(body)).toBe(422);
      expect(answer.headers.get('content-type')).toMatch(/^application\/problem\+json/);
      const { errors } = (await answer.json()) as { errors: Array<{ pointer: string }> };
      expect(errors.map((error) => error.pointer)[0]).toMatch(/^\/latencyMs/);
    }
    expect(sandbox.faults.get().latencyMs).toBe(3);
    expect((await put({ latency: '20-80' })).status).toBe(200);
    expect(sandbox.faults.get().latencyMs).toEqual([20, 80]);
  });
});

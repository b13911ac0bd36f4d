import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { scriptedServer, type ScriptedAnswer } from '../helpers/scripted-server.js';
import { till } from './helpers.js';

const statusArb = fc.oneof(
  fc.constantFrom(
    200,
    201,
    202,
    204,
    301,
    302,
    304,
    400,
    401,
    403,
    404,
    408,
    409,
    410,
    413,
    415,
    418,
    422,
    425,
    429,
    500,
    501,
    502,
    503,
    504,
    507,
    599,
  ),
  fc.integer({ min: 200, max: 999 }),
);

const bodyArb = fc.oneof(
  fc.constant(''),
  fc.constant('{"id":"sale_ok"}'),
  fc.constant(
    '{"type":"about:blank","title":"Bad","status":422,"detail":"Nope","errors":[{"pointer":"/items/0","detail":"x"}]}',
  ),
  fc.constant('<html><head><title>502 Bad Gateway</title></head><body>proxy</body></html>'),
  fc.constant('{"truncated": '),
  fc.constant('x'.repeat(1024 * 1024)),
  fc.json(),
  fc.string(),
);

const headersArb = fc.record(
  {
    'content-type': fc.constantFrom(
      'application/json',
      'application/problem+json',
      'text/html',
      'text/plain',
      'application/octet-stream',
      'nonsense',
    ),
    'retry-after': fc.constantFrom(
      '1',
      '0',
      '-3',
      'soon',
      'Wed, 21 Oct 2015 07:28:00 GMT',
      '99999999999',
      new Date(Date.now() + 500).toUTCString(),
    ),
    date: fc.constantFrom(
      'garbage',
      new Date().toUTCString(),
      new Date(Date.now() + 3_600_000).toUTCString(),
    ),
  },
  { requiredKeys: [] },
);

const answerArb: fc.Arbitrary<ScriptedAnswer> = fc.oneof(
  { weight: 8, arbitrary: fc.record({ status: statusArb, headers: headersArb, body: bodyArb }) },
  { weight: 1, arbitrary: fc.constant('drop' as const) },
  { weight: 1, arbitrary: fc.constant('hang' as const) },
);

describe('the engine against random server answers', () => {
  it('never crashes, and leaves every sale synced, pending or refused', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(answerArb, { minLength: 1, maxLength: 12 }), async (answers) => {
        const server = await scriptedServer((_request, index) => answers[index % answers.length]!);
        const t = till();
        const ids = t.record(4);
        const engine = t.engine({
          baseUrl: server.url,
          apiKey: 'k',
          sync: {
            requestTimeoutMs: 150,
            maxUnexpectedAttempts: 2,
            inlineRetryMaxMs: 20,
            backoffCapMs: 100,
          },
        });
        for (let pass = 0; pass < 3; pass++) {
          const summary = await engine.resync();
          expect(summary.failed).toBe(0);
        }
        for (const id of ids) {
          expect(['synced', 'pending', 'refused']).toContain(t.store.getSale(id)!.outbox.state);
        }
        const status = engine.status();
        expect(status.counts.sending).toBe(0);
        expect(status.counts.synced + status.counts.pending + status.counts.refused).toBe(4);
        await engine.stop();
        await server.close();
      }),
      { numRuns: 40 },
    );
  }, 120_000);
});

import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createLogger } from '../../main/log/logger.js';
import { runCli } from '../helpers/cli.js';
import { tempDir } from '../helpers/temp-dir.js';

const KEY = 'eyJhbGciOiJIUzI1NiJ9.eyJzY29wZSI6InNhbGVzOndyaXRlIn0.very-secret-signature';

describe('the API key never reaches output', () => {
  it('is redacted by the logger wherever a key or an Authorization header could sit', () => {
    let output = '';
    const destination = new Writable({
      write(chunk: Buffer, _encoding, done) {
        output += chunk.toString();
        done();
      },
    });
    const logger = createLogger({ destination });
    logger.info(
      { apiKey: KEY, config: { apiKey: KEY }, headers: { authorization: `Bearer ${KEY}` } },
      'configured',
    );
    logger.warn({ request: { headers: { authorization: `Bearer ${KEY}` } }, key: KEY }, 'refused');
    expect(output).not.toContain('very-secret-signature');
    expect(output.match(/\[redacted\]/g)?.length).toBe(5);
  });

  it('is not in `tillsync status`, which shows only that a key is set and its claims', async () => {
    const env = {
      TILLSYNC_DATA_DIR: tempDir(),
      TILLSYNC_BASE_URL: 'https://platform.example.com',
      TILLSYNC_API_KEY: KEY,
    };
    const json = await runCli(['status', '--json'], { env });
    const text = await runCli(['status'], { env });
    expect(json.stdout + text.stdout + json.stderr + text.stderr).not.toContain(
      'very-secret-signature',
    );
    expect(JSON.parse(json.stdout)).toMatchObject({
      sync: { apiKey: { set: true, kind: 'jwt', scopes: ['sales:write'] } },
    });
    expect(text.stdout).toMatch(/api key {4}set/);
  });
});

import { request } from 'node:http';
import { afterEach } from 'vitest';
import { createRuntime } from '../../main/agent/runtime.js';
import { fileSecretStore } from '../../main/config/secret-store.js';
import { createService } from '../../main/agent/service.js';
import { startConsole, type ConsoleOptions } from '../../main/console/server.js';
import { tempDir } from '../helpers/temp-dir.js';

const cleanups: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** The console over a real runtime (sandbox mode: no platform configured), on a free port. */
export async function consoleForTest(
  env: NodeJS.ProcessEnv = {},
  options: Pick<ConsoleOptions, 'startedBy'> = {},
) {
  const dataDir = tempDir();
  const runtime = await createRuntime({
    dataDir,
    env,
    secrets: fileSecretStore(dataDir),
    sandbox: 'when-unconfigured',
    kind: 'console',
  });
  const server = await startConsole({
    service: createService(runtime),
    dataDir,
    port: 0,
    ...options,
  });
  cleanups.push(
    () => runtime.close(),
    () => server.close(),
  );
  return { server, runtime, dataDir };
}

export interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** A raw HTTP request, so the Host and Origin headers can be anything a browser might send. */
export function raw(
  port: number,
  path: string,
  options: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        path,
        method: options.method ?? 'GET',
        headers: { host: `127.0.0.1:${port}`, ...options.headers },
      },
      (res) => {
        let body = '';
        res.on('data', (chunk: Buffer) => (body += chunk.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}

/**
 * Logs in with the link's token as the page does: the session cookie, and the page secret
 * from the redirect's fragment. Returns the headers a page's API call carries.
 */
export async function login(
  port: number,
  token: string,
): Promise<{ cookie: string; 'x-tillsync-session': string }> {
  const answer = await raw(port, `/login?token=${token}`);
  const cookie = String(answer.headers['set-cookie']).split(';')[0]!;
  const secret = /#session=([\w-]+)$/.exec(String(answer.headers.location))?.[1] ?? '';
  return { cookie, 'x-tillsync-session': secret };
}

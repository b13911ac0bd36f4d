// Servers the HTTP benchmarks drive, each in its own process so that the load generator
// and the server never share one event loop.
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { syncTuningSchema } from '../main/config/agent-config.js';
import { createSyncEngine } from '../main/sync/engine.js';

const cliEntry = fileURLToPath(new URL('../main/cli/bin.ts', import.meta.url));

export interface ChildServer {
  url: string;
  key: string;
  stop(): Promise<void>;
}

function waitForLine(child: ChildProcess, pattern: RegExp): Promise<RegExpMatchArray> {
  return new Promise((resolve, reject) => {
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = output.match(pattern);
      if (match) resolve(match);
    });
    child.on('close', (code) => reject(new Error(`server exited (${code}): ${output}`)));
  });
}

const stopper = (child: ChildProcess) => () =>
  new Promise<void>((resolve) => {
    child.once('close', () => resolve());
    child.kill('SIGTERM');
  });

/** The real sandbox, started through `tillsync sandbox`, without its rate limit unless asked. */
export async function startSandboxProcess(
  dbFile: string,
  options: { rateLimit?: boolean } = {},
): Promise<ChildServer> {
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      cliEntry,
      'sandbox',
      '--port',
      '0',
      '--db',
      dbFile,
      ...(options.rateLimit ? [] : ['--no-rate-limit']),
    ],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const match = await waitForLine(child, /running at (\S+)[\s\S]*API key {6}(\S+)/);
  return { url: match[1]!, key: match[2]!, stop: stopper(child) };
}

/** The ceiling: a bare Node HTTP server that reads the body and answers 201 at once. */
export async function startBareServer(): Promise<ChildServer> {
  const script = `
    const server = require('node:http').createServer((request, response) => {
      request.resume();
      request.on('end', () => {
        response.writeHead(201, { 'content-type': 'application/json' });
        response.end('{"id":"sale_bare"}');
      });
    });
    server.keepAliveTimeout = 65000;
    server.listen(0, '127.0.0.1', () => console.log('listening on ' + server.address().port));
    process.on('SIGTERM', () => server.close(() => process.exit(0)));`;
  const child = spawn(process.execPath, ['-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
  const match = await waitForLine(child, /listening on (\d+)/);
  return { url: `http://127.0.0.1:${match[1]}`, key: 'unused', stop: stopper(child) };
}

/** The sync engine on a till database, sending to a benchmark server at a concurrency. */
export const engineFor = (file: string, server: ChildServer, concurrency: number) =>
  createSyncEngine({
    file,
    config: {
      baseUrl: server.url,
      apiKey: server.key,
      sync: syncTuningSchema.parse({ concurrency }),
    },
  });

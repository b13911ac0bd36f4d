import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { afterEach } from 'vitest';

export interface RecordedRequest {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
  at: number;
}

export type ScriptedAnswer =
  | { status: number; headers?: Record<string, string>; body?: string; delayMs?: number }
  | 'drop'
  | 'hang';

const servers: Array<() => Promise<void>> = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((close) => close()));
});

/**
 * A real HTTP server on 127.0.0.1 that answers each request as `respond` says: for the
 * answers the sandbox cannot give. Records every request and the most at once.
 */
export async function scriptedServer(
  respond: (request: RecordedRequest, index: number) => ScriptedAnswer,
) {
  const requests: RecordedRequest[] = [];
  const sockets = new Set<Socket>();
  let inFlight = 0;
  let maxConcurrent = 0;
  // Per idempotency key, requests between arrival and the moment their answer is written.
  const keysInFlight = new Map<string, number>();
  const overlappingKeys: string[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      const recorded = {
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body,
        at: Date.now(),
      };
      if (req.method === 'HEAD') {
        res.end();
        return;
      }
      const index = requests.push(recorded) - 1;
      inFlight += 1;
      maxConcurrent = Math.max(maxConcurrent, inFlight);
      const key = req.headers['idempotency-key'];
      if (typeof key === 'string') {
        const count = (keysInFlight.get(key) ?? 0) + 1;
        keysInFlight.set(key, count);
        if (count > 1) overlappingKeys.push(key);
      }
      const answer = respond(recorded, index);
      const done = () => {
        inFlight -= 1;
        if (typeof key === 'string') keysInFlight.set(key, keysInFlight.get(key)! - 1);
      };
      if (answer === 'hang') return;
      if (answer === 'drop') {
        done();
        req.socket.destroy();
        return;
      }
      setTimeout(() => {
        done();
        res.writeHead(answer.status, answer.headers);
        res.end(answer.body ?? '');
      }, answer.delayMs ?? 0);
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const close = () =>
    new Promise<void>((resolve) => {
      for (const socket of sockets) socket.destroy();
      server.close(() => resolve());
    });
  servers.push(close);
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    get maxConcurrent() {
      return maxConcurrent;
    },
    /** Idempotency keys that had two requests in flight at once. */
    overlappingKeys,
    close,
  };
}

export const created = (id = 'sale_x'): ScriptedAnswer => ({
  status: 201,
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ id }),
});

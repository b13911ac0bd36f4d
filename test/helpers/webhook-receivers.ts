// Webhook receivers on 127.0.0.1 for the webhook tests and bench:webhooks: a live one that
// records every delivery, a port that refuses connections, and a server that accepts
// connections and never answers; and a light client to post the sales that feed them.
import {
  Agent as HttpAgent,
  createServer as createHttpServer,
  request as httpRequest,
  type IncomingHttpHeaders,
} from 'node:http';
import { createServer as createTcpServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';

export interface Delivery {
  headers: IncomingHttpHeaders;
  body: string;
  /** Date.now() when the whole body had arrived. */
  at: number;
}

const portOf = (server: Server) => (server.address() as AddressInfo).port;
const listening = (server: Server) =>
  new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
const closed = (server: Server) => new Promise<void>((resolve) => server.close(() => resolve()));

/** Answers each delivery with `statuses` in turn, then 204; keeps what it received. */
export async function liveReceiver(statuses: number[] = []) {
  const received: Delivery[] = [];
  const server = createHttpServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      received.push({ headers: request.headers, body, at: Date.now() });
      response.statusCode = statuses.shift() ?? 204;
      response.end();
    });
  });
  await listening(server);
  return {
    url: `http://127.0.0.1:${portOf(server)}/hooks`,
    received,
    close: () => {
      server.closeAllConnections();
      return closed(server);
    },
  };
}

/** A loopback URL where nothing listens: connections are refused. */
export async function refusingUrl(): Promise<string> {
  const server = createTcpServer();
  await listening(server);
  const port = portOf(server);
  await closed(server);
  return `http://127.0.0.1:${port}/hooks`;
}

/** Takes every connection and never answers; `urls(n)` gives n endpoints on it. */
export async function hangingServer() {
  const sockets = new Set<Socket>();
  const server = createTcpServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.resume(); // read the request, answer nothing
  });
  await listening(server);
  const port = portOf(server);
  return {
    urls: (count: number) =>
      Array.from({ length: count }, (_, i) => `http://127.0.0.1:${port}/hang/${i}`),
    /** Connections it holds open now. */
    held: () => sockets.size,
    close: () => {
      for (const socket of sockets) socket.destroy();
      return closed(server);
    },
  };
}

/**
 * POSTs JSON to the sandbox over keep-alive node:http (a third of fetch's CPU: the load
 * generator shares the machine with the sandbox it measures). Resolves with status and body.
 */
export function jsonPoster(baseUrl: string, key: string) {
  const agent = new HttpAgent({ keepAlive: true });
  const post = (path: string, payload: unknown) =>
    new Promise<{ status: number; text: string }>((resolve, reject) => {
      const body = JSON.stringify(payload);
      const request = httpRequest(`${baseUrl}${path}`, {
        method: 'POST',
        agent,
        headers: {
          authorization: `Bearer ${key}`,
          'content-type': 'application/json',
          'content-length': String(Buffer.byteLength(body)),
        },
      });
      request.on('response', (response) => {
        let text = '';
        response.on('data', (chunk: Buffer) => (text += chunk.toString()));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, text }));
      });
      request.on('error', reject);
      request.end(body);
    });
  return { post, close: () => agent.destroy() };
}

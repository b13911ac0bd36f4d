// The Prometheus endpoint: GET /metrics in the text format, on the address the settings
// name. Off loopback a bearer token is required (the settings refuse to start without
// one); on loopback, only requests addressed to this machine by name are answered, so a web
// page cannot read the till through a DNS name it points at 127.0.0.1.
import { timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { PrometheusExporter } from '@opentelemetry/exporter-prometheus';
import { isLoopbackHost } from '../../domain/platform-url.js';

export interface PullEndpoint {
  /** The address it listens on (the real port when the settings said 0). */
  url: string;
  close(): Promise<void>;
}

const sameToken = (given: string, token: string) => {
  const a = Buffer.from(given);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
};

function refuse(response: ServerResponse, status: number, text: string, headers = {}) {
  response.writeHead(status, { 'content-type': 'text/plain; charset=utf-8', ...headers });
  response.end(`${text}\n`);
}

export async function startPullEndpoint(
  listen: string,
  token: string | undefined,
  exporter: PrometheusExporter,
): Promise<PullEndpoint> {
  const at = listen.lastIndexOf(':');
  const host = listen.slice(0, at).replace(/^\[|\]$/g, '');
  const port = Number(listen.slice(at + 1));

  function handle(request: IncomingMessage, response: ServerResponse) {
    const path = new URL(request.url ?? '/', 'http://till').pathname;
    if (path !== '/metrics')
      return refuse(response, 404, 'Not found: the metrics are at /metrics.');
    if (request.method !== 'GET' && request.method !== 'HEAD')
      return refuse(response, 405, 'Only GET reads the metrics.', { allow: 'GET, HEAD' });
    if (token) {
      const given = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1] ?? '';
      if (!sameToken(given, token))
        return refuse(response, 401, 'A bearer token is required (TILLSYNC_METRICS_TOKEN).', {
          'www-authenticate': 'Bearer realm="tillsync"',
        });
    } else {
      const named = (request.headers.host ?? '').replace(/:\d+$/, '');
      if (!isLoopbackHost(named))
        return refuse(response, 403, 'Address this till as 127.0.0.1, ::1 or localhost.');
    }
    exporter.getMetricsRequestHandler(request, response);
  }

  const server = createServer(handle);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  const address = server.address() as AddressInfo;
  const shown = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return {
    url: `http://${shown}:${address.port}/metrics`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

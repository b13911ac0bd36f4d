// One delivery attempt: the signed POST, and what came of it in words an integrator reads.
// node:http with keep-alive rather than fetch: a delivery costs a third of the CPU, which
// matters when one sandbox feeds hundreds of endpoints.
import { Agent as HttpAgent, request as httpRequest, type IncomingMessage } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import type { LoggedEvent } from './event-log.js';
import { signWebhook } from './signature.js';

export type Attempt = { ok: true } | { ok: false; gone: boolean; error: string };

export function createSender(timeoutMs: number) {
  const agents = {
    http: new HttpAgent({ keepAlive: true }),
    https: new HttpsAgent({ keepAlive: true }),
  };

  function post(url: URL, headers: Record<string, string>, body: string, signal: AbortSignal) {
    return new Promise<IncomingMessage>((resolve, reject) => {
      const https = url.protocol === 'https:';
      const request = (https ? httpsRequest : httpRequest)(url, {
        method: 'POST',
        headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
        agent: https ? agents.https : agents.http,
        signal,
      });
      // The whole attempt, not only an idle socket: a receiver that trickles also fails.
      const timer = setTimeout(
        () => request.destroy(new Error(`no answer within ${timeoutMs} ms`)),
        timeoutMs,
      );
      request.on('response', (response) => {
        clearTimeout(timer);
        response.resume(); // the body is not read, but drained so the socket is reused
        resolve(response);
      });
      request.on('error', (error) => {
        clearTimeout(timer);
        reject(error);
      });
      request.end(body);
    });
  }

  return {
    async attempt(
      endpoint: { url: string; secret: string },
      event: LoggedEvent,
      nowMs: number,
      signal: AbortSignal,
    ): Promise<Attempt> {
      const timestamp = Math.floor(nowMs / 1000);
      try {
        const response = await post(
          new URL(endpoint.url),
          {
            'content-type': 'application/json',
            'webhook-id': event.id,
            'webhook-timestamp': String(timestamp),
            'webhook-signature': signWebhook(endpoint.secret, event.id, timestamp, event.payload),
          },
          event.payload,
          signal,
        );
        // A 3xx is a failure too (Standard Webhooks): redirects are not followed.
        const status = response.statusCode ?? 0;
        if (status >= 200 && status < 300) return { ok: true };
        return { ok: false, gone: status === 410, error: `answered ${status}` };
      } catch (caught) {
        const error = caught as NodeJS.ErrnoException;
        return {
          ok: false,
          gone: false,
          error: error.code ? `could not be reached: ${error.code}` : error.message,
        };
      }
    },
    close(): void {
      agents.http.destroy();
      agents.https.destroy();
    },
  };
}

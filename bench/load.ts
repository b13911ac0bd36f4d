// One autocannon run on loopback, posting sale bodies with a fresh Idempotency-Key each.
import { randomUUID } from 'node:crypto';
import autocannon from 'autocannon';

export interface LoadResult {
  perSecond: number;
  p99Ms: number;
  non2xx: number;
  errors: number;
  total: number;
}

export async function postLoad(options: {
  url: string;
  key: string;
  body: string;
  connections: number;
  seconds: number;
}): Promise<LoadResult> {
  if (!/^http:\/\/(127\.0\.0\.1|\[::1\]|localhost)[:/]/.test(options.url)) {
    throw new Error(`Load is only ever sent to loopback, not to ${options.url}`);
  }
  const result = await autocannon({
    url: `${options.url}/v1/sales`,
    connections: options.connections,
    duration: options.seconds,
    requests: [
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${options.key}` },
        body: options.body,
        setupRequest: (request) => ({
          ...request,
          headers: { ...request.headers, 'idempotency-key': randomUUID() },
        }),
      },
    ],
  });
  return {
    perSecond: Math.round(result.requests.average),
    p99Ms: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
    total: result.requests.total,
  };
}

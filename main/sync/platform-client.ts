// HTTP to the platform: POST /v1/sales with the stored idempotency key, and a cheap probe
// used while offline. Node's fetch keeps connections alive between requests. The API key
// goes into the Authorization header and nowhere else: never into messages or logs.
import type { Answer } from './classify.js';

const MAX_BODY_BYTES = 64 * 1024;

export interface PlatformClientOptions {
  baseUrl: string;
  apiKey: string;
  requestTimeoutMs: number;
  userAgent: string;
}

/** Reads at most MAX_BODY_BYTES of a body and drops the rest. */
async function readCapped(response: Response): Promise<string> {
  if (!response.body) return '';
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    size += value.byteLength;
    if (size >= MAX_BODY_BYTES) {
      await reader.cancel();
      break;
    }
  }
  return Buffer.concat(chunks).subarray(0, MAX_BODY_BYTES).toString('utf8');
}

function networkAnswer(error: unknown): Answer {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  const code = cause?.code ?? (error as { code?: string }).code ?? 'NETWORK';
  const message = cause?.message ?? (error as Error).message ?? 'network failure';
  return { kind: 'network', code, message };
}

export function createPlatformClient(options: PlatformClientOptions) {
  const base = options.baseUrl.replace(/\/+$/, '');

  async function request(url: string, init: RequestInit, signal: AbortSignal): Promise<Answer> {
    const timeout = AbortSignal.timeout(options.requestTimeoutMs);
    try {
      const response = await fetch(url, { ...init, signal: AbortSignal.any([signal, timeout]) });
      const body = await readCapped(response);
      return { kind: 'response', status: response.status, headers: response.headers, body };
    } catch (error) {
      if (signal.aborted) return { kind: 'aborted' };
      if (timeout.aborted) return { kind: 'timeout' };
      return networkAnswer(error);
    }
  }

  return {
    postSale(body: string, idempotencyKey: string, signal: AbortSignal): Promise<Answer> {
      return request(
        `${base}/v1/sales`,
        {
          method: 'POST',
          headers: {
            authorization: `Bearer ${options.apiKey}`,
            'content-type': 'application/json',
            accept: 'application/json',
            'idempotency-key': idempotencyKey,
            'user-agent': options.userAgent,
          },
          body,
        },
        signal,
      );
    },
    /** Whether the platform answers at all (any HTTP status counts): cheap, no key sent. */
    async reachable(signal: AbortSignal): Promise<boolean> {
      const answer = await request(
        `${base}/`,
        { method: 'HEAD', headers: { 'user-agent': options.userAgent } },
        signal,
      );
      return answer.kind === 'response';
    },
  };
}

export type PlatformClient = ReturnType<typeof createPlatformClient>;

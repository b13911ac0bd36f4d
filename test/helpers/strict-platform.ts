// An independent, strict platform for process tests: a real HTTP server on 127.0.0.1 that
// stores every sale it accepts, honours Idempotency-Key or ignores it, and can store a
// sale then cut the connection. It counts copies per key and the requests that overlapped.
import { scriptedServer, type RecordedRequest, type ScriptedAnswer } from './scripted-server.js';

export interface StrictPlatformOptions {
  honoursKeys: boolean;
  /** Milliseconds before answering. */
  delayMs?: number;
  /** Answer a request before it is stored (429, 503, 401...), or 'store' to go on. */
  before?: (request: RecordedRequest, index: number) => ScriptedAnswer | 'store';
  /** After storing: cut the connection instead of answering. */
  cutAfterStore?: (request: RecordedRequest, index: number) => boolean;
}

export async function strictPlatform(options: StrictPlatformOptions) {
  const copies = new Map<string, number>();
  const ids = new Map<string, string>();
  let nextId = 1;
  const server = await scriptedServer((request, index) => {
    const early = options.before?.(request, index) ?? 'store';
    if (early !== 'store') return early;
    const key = String(request.headers['idempotency-key']);
    const known = ids.get(key);
    let id = known;
    let replayed = false;
    if (options.honoursKeys && known) {
      replayed = true;
    } else {
      id = `sale_${nextId++}`;
      copies.set(key, (copies.get(key) ?? 0) + 1);
      if (!known) ids.set(key, id);
    }
    if (options.cutAfterStore?.(request, index)) return 'drop';
    return {
      status: 201,
      delayMs: options.delayMs,
      headers: {
        'content-type': 'application/json',
        ...(replayed ? { 'idempotent-replayed': 'true' } : {}),
      },
      body: JSON.stringify({ id }),
    };
  });
  return {
    ...server,
    copies,
    /** Keys stored more than once. */
    doubled: () => [...copies].filter(([, count]) => count > 1).map(([key]) => key),
    posts: () => server.requests.filter((r) => r.method === 'POST'),
  };
}

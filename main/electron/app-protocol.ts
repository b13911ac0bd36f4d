// The UI is loaded from the app's own files through a custom protocol, never from a
// remote address: app://tillsync/... maps to renderer/dist and nowhere else.
import { readFile } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';
import type { Protocol } from 'electron';
import { CONTENT_SECURITY_POLICY } from '../console/security.js';

export const APP_SCHEME = 'app';
export const APP_ORIGIN = 'app://tillsync';
export const APP_URL = `${APP_ORIGIN}/index.html`;

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.png': 'image/png',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
};

/** The file a request names, or undefined when it would leave the renderer folder. */
export function fileFor(url: string, rendererDir: string): string | undefined {
  const { host, pathname } = new URL(url);
  if (host !== 'tillsync') return undefined;
  const relative = normalize(decodeURIComponent(pathname)).replace(/^[/\\]+/, '') || 'index.html';
  const file = join(rendererDir, relative);
  return file.startsWith(rendererDir + sep) ? file : undefined;
}

export function serveAppFiles(protocol: Protocol, rendererDir: string): void {
  protocol.handle(APP_SCHEME, async (request) => {
    const file = fileFor(request.url, rendererDir);
    if (!file) return new Response('Not found', { status: 404 });
    try {
      const body = await readFile(file);
      return new Response(body, {
        headers: {
          'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
          'content-security-policy': CONTENT_SECURITY_POLICY,
          'x-content-type-options': 'nosniff',
        },
      });
    } catch {
      return new Response('Not found', { status: 404 });
    }
  });
}

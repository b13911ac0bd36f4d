// The loopback console: the till UI in a browser, for a headless till (and for testing the
// UI in a real browser). Bound to 127.0.0.1 only. Serves the built renderer, the contract
// as POST /api/<method>, and events as server-sent events at /api/events.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyReply, type FastifyRequest } from 'fastify';
import { EVENT_NAMES } from '../contract/contract.js';
import type { Service } from '../agent/service.js';
import { packageRoot } from '../config/package-info.js';
import { accessOf, refuseForeign, SECURITY_HEADERS, SESSION_COOKIE } from './security.js';
import { createSessions, SESSION_SECRET_PARAM } from './sessions.js';
import { issueConsoleToken, tokenMatches } from './token.js';
import { translator, type Translator } from '../../domain/i18n/messages.js';
import { said } from '../../domain/i18n/said.js';

export const DEFAULT_RENDERER_DIR = join(packageRoot, 'renderer', 'dist');

export interface ConsoleOptions {
  service: Service;
  dataDir: string;
  port?: number;
  rendererDir?: string;
  /** The command that printed the login link, named on the pages that ask for it. */
  startedBy?: string;
}

/** The favicon: the tray's icon. */
const FAVICON = join(packageRoot, 'assets', 'tray.png');

/** A page of the console's own, in the till's language: `lang` says which, for screen readers. */
const page = (words: Translator, title: string, body: string) =>
  `<!doctype html><html lang="${words.locale}"><head><meta charset="utf-8">` +
  `<meta name="viewport" content="width=device-width, initial-scale=1">` +
  `<title>${title}</title><link rel="stylesheet" href="/console-page.css"></head>` +
  `<body><main><h1>${title}</h1><p>${body}</p></main></body></html>`;

const PAGE_STYLE = `body{font-family:system-ui,sans-serif;background:#f4f5f7;color:#1d2330;margin:0}
main{max-width:36rem;margin:15vh auto;background:#fff;padding:2rem;border-radius:8px;box-shadow:0 1px 4px #0002}
h1{font-size:1.4rem;margin-top:0}code{background:#eef;padding:0 .25rem;border-radius:3px}`;

/** Reachable without a session: the login itself and what its pages need. */
const PUBLIC_PATHS = new Set(['/login', '/favicon.ico', '/console-page.css']);

export async function startConsole(options: ConsoleOptions) {
  const { token, file: tokenFile } = issueConsoleToken(options.dataDir);
  const sessions = createSessions();
  const startedBy = options.startedBy ?? 'tillsync daemon --console';
  const rendererDir = options.rendererDir ?? DEFAULT_RENDERER_DIR;
  // Read at each page: a language changed in Settings applies at once.
  const words = () => translator(options.service.locale());
  const command = `<code>${startedBy}</code>`;
  const app = Fastify({ logger: false, bodyLimit: 25 * 1024 * 1024, forceCloseConnections: true });
  app.removeContentTypeParser('text/plain');
  let port = 0;

  app.addHook('onRequest', async (request, reply) => {
    void reply.headers(SECURITY_HEADERS);
    const refused = refuseForeign(request, reply, port, words);
    if (refused) return refused;
    if (PUBLIC_PATHS.has(request.url.split('?')[0]!)) return;
    const access = accessOf(request, token, sessions);
    if (request.url.startsWith('/api/')) {
      if (access === 'api') return;
      return reply.code(401).send({
        ok: false,
        error: {
          code: 'unauthorized',
          ...said('errors.console.sessionEnded', { command: startedBy }),
        },
      });
    }
    if (access === 'none') {
      const till = words();
      return reply
        .code(401)
        .type('text/html')
        .send(
          page(
            till,
            till.t('console.page.title'),
            till.t('console.login.openLink', { command, file: tokenFile }),
          ),
        );
    }
  });

  app.get('/favicon.ico', (_request, reply) =>
    reply.type('image/png').header('cache-control', 'max-age=86400').send(readFileSync(FAVICON)),
  );
  app.get('/console-page.css', (_request, reply) => reply.type('text/css').send(PAGE_STYLE));

  app.get('/login', async (request: FastifyRequest<{ Querystring: { token?: string } }>, reply) => {
    if (!tokenMatches(token, request.query.token)) {
      const till = words();
      return reply
        .code(401)
        .type('text/html')
        .send(
          page(
            till,
            till.t('console.login.wrongLink'),
            till.t('console.login.useLastLink', { command }),
          ),
        );
    }
    // The token leaves the address bar at once. The cookie (never readable by scripts)
    // names the session; the page secret travels in the fragment, which no server sees.
    const session = sessions.open();
    return reply
      .header('set-cookie', `${SESSION_COOKIE}=${session.id}; HttpOnly; SameSite=Strict; Path=/`)
      .redirect(`/#${SESSION_SECRET_PARAM}=${session.secret}`, 302);
  });

  app.post(
    '/api/:method',
    async (request: FastifyRequest<{ Params: { method: string } }>, reply: FastifyReply) => {
      if (!/^application\/json\b/.test(request.headers['content-type'] ?? '')) {
        return reply.code(415).send({
          ok: false,
          error: { code: 'unsupported_media_type', ...said('errors.console.sendJson') },
        });
      }
      void reply.header('cache-control', 'no-store');
      return options.service.call(request.params.method, request.body);
    },
  );

  app.get('/api/events', (request, reply) => {
    reply.hijack();
    reply.raw.writeHead(200, {
      ...SECURITY_HEADERS,
      'content-type': 'text/event-stream',
      'cache-control': 'no-store',
      connection: 'keep-alive',
    });
    const send = (event: string, data: unknown) =>
      reply.raw.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
    const listeners = EVENT_NAMES.map((name) => {
      const listener = (payload: unknown) => send(name, payload);
      options.service.events.on(name, listener);
      return () => options.service.events.off(name, listener);
    });
    void options.service
      .call('getStatus', {})
      .then((status) => status.ok && send('status', status.value));
    const heartbeat = setInterval(() => reply.raw.write(': still here\n\n'), 15_000);
    request.raw.on('close', () => {
      clearInterval(heartbeat);
      for (const stop of listeners) stop();
    });
  });

  if (existsSync(join(rendererDir, 'index.html'))) {
    await app.register(fastifyStatic, { root: rendererDir, prefix: '/', index: 'index.html' });
  } else {
    app.get('/', (_request, reply) => {
      const till = words();
      const build = '<code>npm run build</code>';
      return reply
        .type('text/html')
        .send(
          page(till, till.t('console.notBuilt.title'), till.t('console.notBuilt.body', { build })),
        );
    });
  }

  await app.listen({ port: options.port ?? 0, host: '127.0.0.1' });
  const address = app.server.address();
  port = typeof address === 'object' && address ? address.port : 0;
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    port,
    loginUrl: `${url}/login?token=${token}`,
    tokenFile,
    close: () => app.close(),
  };
}

export type Console = Awaited<ReturnType<typeof startConsole>>;

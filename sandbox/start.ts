// startSandbox(): the sandbox platform as a real HTTP server on loopback, for tests, the
// CLI and the app's embedded mode.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { z } from 'zod';
import { mintKey, signingSecret, verifyKey, type MintOptions } from './auth/keys.js';
import { createRevocations } from './auth/revocations.js';
import { exportCatalog } from './catalog.js';
import { openSandboxDatabase } from './db/open.js';
import {
  createFaultInjector,
  faultConfigSchema,
  parseFaultSpec,
  type FaultConfig,
  type FaultInput,
} from './faults.js';
import { createAuthenticator } from './http/auth.js';
import { problem } from './http/problem.js';
import { createRateLimiter, DEFAULT_RATE_LIMIT, rateLimitSchema } from './rate-limit.js';
import { createSalesStore } from './sales.js';
import { buildSandboxServer } from './server.js';
import { startWebhookDispatcher } from './webhooks/dispatcher.js';
import { createWebhookEndpoints } from './webhooks/endpoints.js';

export const sandboxOptionsSchema = z.strictObject({
  port: z.number().int().min(0).max(65_535).default(0),
  host: z.string().default('127.0.0.1'),
  /** The sandbox's SQLite file; a temporary one, removed on close, when absent. */
  dbFile: z.string().optional(),
  /** Fault settings, or a spec string like "fail5xx=0.1,seed=7". */
  faults: z.union([z.string(), faultConfigSchema]).optional(),
  rateLimit: rateLimitSchema.default(DEFAULT_RATE_LIMIT),
  adminToken: z.string().min(16).optional(),
  /** The admin port: the admin endpoints stay reachable there while the API's port is down. */
  adminPort: z.number().int().min(0).max(65_535).default(0),
  logger: z.boolean().default(false),
  allowExternalWebhooks: z.boolean().default(false),
  /** The waits after each failed attempt (tests shorten the Standard Webhooks schedule). */
  webhookRetryDelaysMs: z.array(z.number().int().nonnegative()).optional(),
  webhookTimeoutMs: z.number().int().positive().optional(),
  /** How many events, and payload bytes, may wait per endpoint before the oldest drop. */
  webhookQueue: z
    .strictObject({ maxEvents: z.number().int().positive(), maxBytes: z.number().int().positive() })
    .optional(),
});
export type SandboxOptions = z.input<typeof sandboxOptionsSchema>;

function faultsFrom(value: string | FaultConfig | undefined): FaultConfig {
  if (value === undefined) return faultConfigSchema.parse({});
  if (typeof value !== 'string') return value;
  const parsed = parseFaultSpec(value);
  if (!parsed.success)
    throw new Error(`The fault spec is not valid: ${z.prettifyError(parsed.error)}`);
  return parsed.data;
}

export async function startSandbox(input: SandboxOptions = {}) {
  const options = sandboxOptionsSchema.parse(input);
  const scratch = options.dbFile ? undefined : mkdtempSync(join(tmpdir(), 'tillsync-sandbox-'));
  const database = openSandboxDatabase(options.dbFile ?? join(scratch!, 'sandbox.db'));
  const secret = signingSecret(database.db);
  const revocations = createRevocations(database.db);
  const faults = createFaultInjector(faultsFrom(options.faults));
  const endpoints = createWebhookEndpoints(database.db, options.webhookQueue);
  const store = createSalesStore(database, (sale, now) => endpoints.enqueueSaleCreated(sale, now));
  const adminToken = options.adminToken ?? randomBytes(24).toString('base64url');
  const hanging = new Set<Socket>();

  const mint = (mintOptions: MintOptions = {}) => mintKey(secret, mintOptions);
  async function revokeKey(key: string): Promise<boolean> {
    try {
      revocations.revoke((await verifyKey(secret, key)).jti);
      return true;
    } catch {
      return false;
    }
  }

  let url = '';
  const app = await buildSandboxServer({
    serverUrl: () => url,
    store,
    faults,
    endpoints,
    authenticate: createAuthenticator(secret, revocations, createRateLimiter(options.rateLimit)),
    admin: { adminToken, faults: () => faults.config, setFaults, mintKey: mint, revokeKey },
    allowExternalWebhooks: options.allowExternalWebhooks,
    logger: options.logger,
    hanging,
  });
  await app.listen({ port: options.port, host: options.host });
  const server: Server = app.server;
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  const hostForUrl = options.host.includes(':') ? `[${options.host}]` : options.host;
  url = `http://${hostForUrl}:${port}`;
  // The same app on a second port, for the admin endpoints only: a "refuse" outage closes
  // the API's port, and the admin endpoint must still be there to lift it.
  const adminServer = createServer((request, response) => {
    if (request.url?.startsWith('/admin/')) return void server.emit('request', request, response);
    response.writeHead(404, { 'content-type': 'application/problem+json' });
    response.end(JSON.stringify(problem(404, 'Not Found', 'This port serves /admin/ only')));
  });
  await new Promise<void>((resolve, reject) => {
    adminServer.once('error', reject);
    adminServer.listen(options.adminPort, options.host, () => resolve());
  });
  const adminAddress = adminServer.address();
  const adminPort = typeof adminAddress === 'object' && adminAddress ? adminAddress.port : 0;
  const adminUrl = `http://${hostForUrl}:${adminPort}`;
  // Where `tillsync sandbox faults` finds a running sandbox (readable by this user only).
  const adminFile = options.dbFile ? `${options.dbFile}.admin.json` : undefined;
  if (adminFile)
    writeFileSync(adminFile, JSON.stringify({ url, adminUrl, adminToken, pid: process.pid }), {
      mode: 0o600,
    });
  const dispatcher = startWebhookDispatcher(endpoints, {
    retryDelaysMs: options.webhookRetryDelaysMs,
    timeoutMs: options.webhookTimeoutMs,
  });

  // Outages. "refuse" really stops listening, so clients get ECONNREFUSED; "hang" keeps
  // the sockets of the requests it swallowed, to cut them when the outage ends.
  let listening = true;
  let outageTimer: NodeJS.Timeout | undefined;

  async function setListening(on: boolean): Promise<void> {
    if (on === listening) return;
    listening = on;
    if (on) {
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, options.host, () => {
          server.off('error', reject);
          resolve();
        });
      });
    } else {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      await closed;
    }
  }

  function endHang(): void {
    for (const socket of hanging) socket.destroy();
    hanging.clear();
  }

  let applying = Promise.resolve();
  function setFaults(next: FaultConfig): Promise<void> {
    clearTimeout(outageTimer);
    faults.set(next);
    if (next.outage !== 'hang') endHang();
    applying = applying.then(() => setListening(next.outage !== 'refuse'));
    if (next.outage !== 'none' && next.outageForMs) {
      outageTimer = setTimeout(
        () => void setFaults({ ...faults.config, outage: 'none' }),
        next.outageForMs,
      );
      outageTimer.unref();
    }
    return applying;
  }
  await setFaults(faults.config);

  return {
    url,
    port,
    host: options.host,
    adminToken,
    /** The admin endpoints, on their own port (also served on the API's port). */
    adminUrl,
    dbFile: database.file,
    docsUrl: `${url}/docs`,
    mintKey: mint,
    revokeKey,
    faults: {
      get: () => faults.config,
      /** Replaces the fault settings (a spec string or settings); resolves once applied. */
      set: (value: string | FaultInput) =>
        setFaults(typeof value === 'string' ? faultsFrom(value) : faultConfigSchema.parse(value)),
    },
    catalog: (shopId?: string) => exportCatalog(database.db, shopId),
    /** How many sales the sandbox holds (tests count what arrived). */
    countSales: () =>
      (database.sqlite.prepare('select count(*) as n from sales').get() as { n: number }).n,
    /** Delivers due webhook events now. */
    flushWebhooks: () => dispatcher.flush(),
    async close(): Promise<void> {
      clearTimeout(outageTimer);
      await applying;
      endHang();
      await dispatcher.stop();
      await setListening(true);
      adminServer.closeAllConnections();
      await new Promise((resolve) => adminServer.close(resolve));
      if (adminFile) rmSync(adminFile, { force: true });
      await app.close();
      database.close();
      if (scratch) rmSync(scratch, { recursive: true, force: true });
    },
  };
}

export type Sandbox = Awaited<ReturnType<typeof startSandbox>>;

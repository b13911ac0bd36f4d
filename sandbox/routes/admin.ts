// Admin endpoints for tests and demos: faults, minting and revoking keys. They take a
// separate admin token (never an API key) and are left out of the public API document.
import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { MintOptions } from '../auth/keys.js';
import { faultConfigSchema, type FaultConfig } from '../faults.js';
import { problem, sendProblem } from '../http/problem.js';

export interface AdminControl {
  adminToken: string;
  faults(): FaultConfig;
  setFaults(config: FaultConfig): Promise<void>;
  mintKey(options: MintOptions): Promise<string>;
  revokeKey(key: string): Promise<boolean>;
}

const mintRequest = z.strictObject({
  scope: z.string().default('sales:write sales:read'),
  shops: z.array(z.string()).default([]),
  ttlSeconds: z
    .number()
    .int()
    .positive()
    .default(30 * 86_400),
  subject: z.string().min(1).optional(),
});

export function registerAdminRoutes(app: FastifyInstance, control: AdminControl) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const expected = Buffer.from(`Bearer ${control.adminToken}`);

  async function requireAdmin(request: FastifyRequest, reply: FastifyReply) {
    const given = Buffer.from(request.headers.authorization ?? '');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      return sendProblem(
        reply,
        problem(401, 'Unauthorized', 'The admin endpoints need the admin token'),
        {
          'WWW-Authenticate': 'Bearer realm="tillsync-sandbox-admin"',
        },
      );
    }
  }
  const common = { onRequest: requireAdmin, schema: { hide: true } };

  api.get('/admin/faults', common, async () => control.faults());

  api.put(
    '/admin/faults',
    { ...common, schema: { hide: true, body: faultConfigSchema } },
    async (request) => {
      await control.setFaults(request.body);
      return control.faults();
    },
  );

  api.post(
    '/admin/keys',
    { ...common, schema: { hide: true, body: mintRequest } },
    async (request, reply) => reply.code(201).send({ key: await control.mintKey(request.body) }),
  );

  api.post(
    '/admin/keys/revoke',
    { ...common, schema: { hide: true, body: z.strictObject({ key: z.string() }) } },
    async (request, reply) => {
      if (!(await control.revokeKey(request.body.key))) {
        return sendProblem(
          reply,
          problem(422, 'Unprocessable Content', 'That is not a key this sandbox issued'),
        );
      }
      return reply.code(204).send();
    },
  );
}

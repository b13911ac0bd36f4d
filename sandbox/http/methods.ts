// 404 for a path the sandbox does not have; 405 with Allow (RFC 9110 §15.5.6) for a known
// path asked with another method, HEAD included (Fastify adds no HEAD routes here: HEAD is
// refused, as the document says). Both are answered before any body is read, so a PUT
// with a broken body is still 405, not 400.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { problem, sendProblem } from './problem.js';
import { statusText } from './responses.js';

export function registerNotFound(app: FastifyInstance): void {
  const methodsByPath: Array<{ pattern: RegExp; methods: Set<string> }> = [];
  app.addHook('onRoute', (route) => {
    const pattern = new RegExp(`^${route.url.replace(/:[^/]+/g, '[^/]+')}/?$`);
    let entry = methodsByPath.find((known) => known.pattern.source === pattern.source);
    if (!entry) methodsByPath.push((entry = { pattern, methods: new Set() }));
    for (const method of [route.method].flat()) entry.methods.add(method);
  });

  function notFound(request: FastifyRequest, reply: FastifyReply) {
    const path = request.url.split('?')[0]!;
    const allowed = methodsByPath.find((known) => known.pattern.test(path))?.methods;
    if (allowed) {
      const allow = [...allowed].sort().join(', ');
      return sendProblem(
        reply,
        problem(405, statusText(405), `${request.method} is not allowed here; use ${allow}`),
        { Allow: allow },
      );
    }
    return sendProblem(reply, problem(404, statusText(404), `No route ${request.method} ${path}`));
  }

  app.addHook('onRequest', async (request, reply) => {
    if (request.is404) return notFound(request, reply);
  });
  app.setNotFoundHandler(notFound);
}

// The answers no route lists itself, written into the OpenAPI document: what Fastify
// refuses before a handler runs (framework-errors.ts), what the sandbox's faults do
// (faults.ts), and the 405 a path gives to a method it does not take.
import type { OpenAPIV3_1 } from 'openapi-types';
import { faultsOn } from '../faults.js';
import { frameworkStatuses } from './framework-errors.js';

type Document = OpenAPIV3_1.Document;
type Operation = OpenAPIV3_1.OperationObject;

/** The name of the extension listing the faults that can touch an operation. */
const FAULTS_EXTENSION = 'x-sandbox-faults';

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

function* operations(document: Document) {
  for (const [path, item] of Object.entries(document.paths ?? {}))
    for (const method of METHODS) {
      const operation = item?.[method];
      if (operation?.responses) yield { path, method, operation, responses: operation.responses };
    }
}

/**
 * Adds the statuses Fastify answers by itself (a bad URL or over-long path parameter where
 * the path has one, a body it cannot read where the method has one) as generated problems,
 * before the document is finished like every other answer.
 */
export function declareFrameworkAnswers(document: Document): void {
  for (const { path, method, responses } of operations(document)) {
    for (const status of frameworkStatuses(method, path)) {
      responses[status] ??= {
        description: '',
        content: { 'application/json': { schema: { $ref: '#/components/schemas/Problem' } } },
      };
    }
  }
}

/**
 * Lists on each operation the faults that can touch it (x-sandbox-faults), and says in each
 * status they answer with which fault can give it: a 201 cut short is in the contract too.
 */
export function describeFaults(document: Document): void {
  for (const { operation, responses } of operations(document)) {
    const faults = faultsOn(operation.operationId ?? '');
    (operation as Operation & Record<string, unknown>)[FAULTS_EXTENSION] = faults.map(
      ([setting, effect]) => ({
        setting,
        spec: effect.spec,
        statuses: effect.statuses,
        answer: effect.answer,
      }),
    );
    for (const [, effect] of faults)
      for (const status of effect.statuses) {
        const response = responses[status];
        if (response) response.description += ` Sandbox fault ${effect.spec}: ${effect.answer}`;
      }
  }
}

/** What a path answers to a method it does not list: said once, for every path. */
export const OTHER_METHODS =
  'A method a path does not list (HEAD included) is answered 405 Method Not Allowed: a ' +
  "problem, with an Allow header naming the path's methods.";

/** Adds to the API's description what no operation can say: the 405 of the other methods. */
export function describeMethods(document: Document): void {
  document.info.description = `${document.info.description ?? ''} ${OTHER_METHODS}`.trim();
}

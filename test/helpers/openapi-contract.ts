// Every answer a test gets from the sandbox is checked against the OpenAPI document the
// sandbox serves: its status must be listed for the operation, its content type listed for
// that status, and its body valid against the schema. An answer nobody documented fails the
// test that met it.
import SwaggerParser from '@apidevtools/swagger-parser';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import type { OpenAPIV3_1 } from 'openapi-types';

interface Operation {
  pattern: RegExp;
  method: string;
  responses: Record<string, OpenAPIV3_1.ResponseObject>;
}

const ajv = new Ajv2020({ strict: false, validateFormats: false, allErrors: true });
const contracts = new Map<string, Promise<Operation[]>>();
const validators = new WeakMap<object, ValidateFunction>();

async function load(baseUrl: string): Promise<Operation[]> {
  const served = (await (await fetch(`${baseUrl}/openapi.json`)).json()) as OpenAPIV3_1.Document;
  const document = (await SwaggerParser.dereference(served as never)) as OpenAPIV3_1.Document;
  return Object.entries(document.paths ?? {}).flatMap(([path, operations]) =>
    Object.entries(operations ?? {}).flatMap(([method, operation]) =>
      typeof operation === 'object' && operation && 'responses' in operation
        ? [
            {
              pattern: new RegExp(`^${path.replace(/\{[^}]+\}/g, '[^/]+')}$`),
              method: method.toUpperCase(),
              responses: operation.responses as Record<string, OpenAPIV3_1.ResponseObject>,
            },
          ]
        : [],
    ),
  );
}

export interface CheckedAnswer {
  status: number;
  headers: Headers;
  text: string;
}

/**
 * Throws when a documented operation gave an answer its document does not describe.
 * Paths or methods the document does not have (admin, 404, 405) are not operations.
 */
export async function expectDocumented(
  baseUrl: string,
  method: string,
  url: string,
  answer: CheckedAnswer,
): Promise<void> {
  let operations = contracts.get(baseUrl);
  if (!operations) {
    operations = load(baseUrl);
    contracts.set(baseUrl, operations);
    operations.catch(() => contracts.delete(baseUrl)); // read again next time
  }
  const path = new URL(url, baseUrl).pathname;
  const operation = (await operations).find(
    (candidate) => candidate.method === method.toUpperCase() && candidate.pattern.test(path),
  );
  if (!operation) return;
  const where = `${method} ${path} answered ${answer.status}`;
  const response = operation.responses[String(answer.status)];
  if (!response) throw new Error(`${where}, a status its OpenAPI document does not list`);
  const type = answer.headers.get('content-type')?.split(';')[0]?.trim();
  if (!response.content) {
    if (answer.text !== '') throw new Error(`${where} with a body the document does not have`);
    return;
  }
  const media = type ? response.content[type] : undefined;
  if (!media)
    throw new Error(
      `${where} as ${type ?? 'no content type'}; the document says ${Object.keys(response.content).join(' or ')}`,
    );
  if (!type!.endsWith('json') || !media.schema) return;
  let validate = validators.get(media.schema);
  if (!validate) validators.set(media.schema, (validate = ajv.compile(media.schema)));
  if (!validate(JSON.parse(answer.text)))
    throw new Error(`${where} with a body that does not match: ${ajv.errorsText(validate.errors)}`);
}

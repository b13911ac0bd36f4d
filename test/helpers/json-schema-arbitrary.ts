// fast-check arbitraries drawn from a JSON Schema (2020-12, dereferenced): the values a
// client who trusts only the document may send. Covers the subset an OpenAPI document of
// this project uses; any other keyword throws, so a document that outgrows the generator
// fails loudly instead of being drawn from loosely.
import fc from 'fast-check';

export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  enum?: unknown[];
  const?: unknown;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  multipleOf?: number;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  [keyword: string]: unknown;
}

/** Values to put in place of what the schema allows, by property name (real catalog ids...). */
export type Substitutes = Record<string, fc.Arbitrary<unknown>>;

/** Keywords that only describe: they do not change which values are valid. */
const ANNOTATIONS = new Set(['description', 'title', 'default', 'examples', 'example']);
const KNOWN = new Set([
  ...ANNOTATIONS,
  ...'type properties required additionalProperties items minItems maxItems minLength maxLength pattern format enum const minimum maximum exclusiveMinimum exclusiveMaximum multipleOf anyOf oneOf'.split(
    ' ',
  ),
]);

/** A JSON Schema `multipleOf` like 0.01 as its number of decimal places (2). */
function decimalsOf(step: number): number {
  const decimals = Math.round(-Math.log10(step));
  if (decimals < 0 || 10 ** -decimals !== step)
    throw new Error(`multipleOf ${step} is not a power of ten`);
  return decimals;
}

function numberArbitrary(schema: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  const step = schema.multipleOf ?? (integer ? 1 : undefined);
  const low = schema.exclusiveMinimum ?? schema.minimum ?? -Number.MAX_SAFE_INTEGER;
  const high = schema.exclusiveMaximum ?? schema.maximum ?? Number.MAX_SAFE_INTEGER;
  if (step === undefined) {
    return fc
      .double({ min: low, max: high, noNaN: true, noDefaultInfinity: true })
      .filter((n) => n !== schema.exclusiveMinimum && n !== schema.exclusiveMaximum);
  }
  // Multiples drawn as integers k, then k / 10^d: the double nearest the decimal k·step,
  // which is what a JSON text like 4.35 means (k × 0.01 would be 4.3500000000000005).
  const decimals = decimalsOf(step);
  const scale = 10 ** decimals;
  let min = Math.ceil(low * scale);
  let max = Math.floor(high * scale);
  if (schema.exclusiveMinimum !== undefined && min / scale === low) min += 1;
  if (schema.exclusiveMaximum !== undefined && max / scale === high) max -= 1;
  return fc.integer({ min, max }).map((k) => (decimals === 0 ? k : k / scale));
}

function stringArbitrary(schema: JsonSchema): fc.Arbitrary<string> {
  const minLength = schema.minLength ?? 0;
  const maxLength = schema.maxLength ?? 64;
  if (schema.format === 'uri') return fc.webUrl();
  if (schema.format !== undefined) throw new Error(`string format ${schema.format} unsupported`);
  const base =
    schema.pattern !== undefined
      ? fc.stringMatching(new RegExp(schema.pattern))
      : fc.string({ minLength, maxLength });
  return base.filter((text) => text.length >= minLength && text.length <= maxLength);
}

function objectArbitrary(schema: JsonSchema, substitutes: Substitutes): fc.Arbitrary<unknown> {
  if (schema.additionalProperties !== false && schema.additionalProperties !== undefined)
    throw new Error('only additionalProperties: false is supported');
  const properties = schema.properties ?? {};
  const shape = Object.fromEntries(
    Object.entries(properties).map(([name, property]) => [
      name,
      substitutes[name] ?? arbitraryOf(property, substitutes),
    ]),
  );
  return fc.record(shape, { requiredKeys: schema.required ?? [] });
}

/** The arbitrary of every value the schema accepts (within the subset above). */
export function arbitraryOf(
  schema: JsonSchema,
  substitutes: Substitutes = {},
): fc.Arbitrary<unknown> {
  const unknown = Object.keys(schema).filter((key) => !KNOWN.has(key) && !key.startsWith('x-'));
  if (unknown.length > 0)
    throw new Error(`JSON Schema keywords unsupported: ${unknown.join(', ')}`);
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const choices = schema.anyOf ?? schema.oneOf;
  if (choices) return fc.oneof(...choices.map((choice) => arbitraryOf(choice, substitutes)));
  if (Array.isArray(schema.type))
    return fc.oneof(...schema.type.map((type) => arbitraryOf({ ...schema, type }, substitutes)));
  switch (schema.type) {
    case 'object':
      return objectArbitrary(schema, substitutes);
    case 'array':
      // size 'max': lengths over the whole range the schema allows, not only short ones.
      return fc.array(arbitraryOf(schema.items ?? {}, substitutes), {
        minLength: schema.minItems ?? 0,
        maxLength: schema.maxItems ?? 10,
        size: 'max',
      });
    case 'string':
      return stringArbitrary(schema);
    case 'number':
      return numberArbitrary(schema, false);
    case 'integer':
      return numberArbitrary(schema, true);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    default:
      throw new Error(`JSON Schema type ${String(schema.type)} unsupported`);
  }
}

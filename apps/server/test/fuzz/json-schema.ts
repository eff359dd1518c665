import fc from 'fast-check';
import { brokenText, hostileJsonValue, hostileString, hugeString, RawJson } from './hostile.js';

/**
 * The subset of JSON Schema (OpenAPI 3.0 flavour) the API reference uses, mapped to fast-check arbitraries:
 * `valid` draws values the schema accepts (so a request gets past validation into the handler), `invalid`
 * draws values that break it or are hostile anyway. A keyword outside the subset throws, naming it, so a
 * schema the generator does not understand is never fuzzed half-blind.
 */
export type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  enum?: unknown[];
  nullable?: boolean;
  allOf?: JsonSchema[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number | boolean;
  exclusiveMaximum?: number | boolean;
  minItems?: number;
  maxItems?: number;
  $ref?: string;
};

const annotations = new Set([
  'description',
  'title',
  'default',
  'example',
  'examples',
  'deprecated',
  'readOnly',
  'writeOnly',
  '$schema',
  '$id',
  'id',
]);
const understood = new Set([
  'type',
  'properties',
  'required',
  'additionalProperties',
  'items',
  'enum',
  'nullable',
  'allOf',
  'anyOf',
  'oneOf',
  'minLength',
  'maxLength',
  'pattern',
  'format',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'minItems',
  'maxItems',
  '$ref',
  // allOf patterns gathered by normalise
  'patterns',
]);
const formats = new Set(['uuid', 'email', 'date-time', 'date', 'uri', 'binary', 'int32', 'int64', 'float', 'double']);

export class UnsupportedSchemaError extends Error {}

export type SchemaContext = { components: Record<string, JsonSchema>; where: string };

/** The schema with `$ref` resolved and `allOf` merged into one; throws on keywords outside the subset. */
export function normalise(schema: JsonSchema, ctx: SchemaContext): JsonSchema {
  let s = schema;
  for (let hops = 0; s.$ref; hops++) {
    const name = s.$ref.replace('#/components/schemas/', '');
    const target = ctx.components[name];
    if (!target || hops > 20) throw new UnsupportedSchemaError(`${ctx.where}: cannot resolve ${s.$ref}`);
    s = target;
  }
  for (const key of Object.keys(s)) {
    if (key.startsWith('x-') || annotations.has(key)) continue;
    if (!understood.has(key)) {
      throw new UnsupportedSchemaError(`${ctx.where}: the fuzz generator does not support the keyword "${key}"`);
    }
  }
  if (s.format && !formats.has(s.format)) {
    throw new UnsupportedSchemaError(`${ctx.where}: the fuzz generator does not support format "${s.format}"`);
  }
  if (!s.allOf) return s;
  const { allOf, ...rest } = s;
  let merged: JsonSchema & { patterns?: string[] } = { ...rest };
  for (const part of allOf.map((p) => normalise(p, ctx))) merged = mergeSchemas(merged, part);
  return merged;
}

type Merged = JsonSchema & { patterns?: string[] };

function mergeSchemas(a: Merged, b: Merged): Merged {
  const patterns = [...(a.patterns ?? []), ...(a.pattern ? [a.pattern] : []), ...(b.pattern ? [b.pattern] : [])];
  const out: Merged = { ...b, ...a };
  delete out.pattern;
  if (patterns.length > 0) out.patterns = patterns;
  if (a.properties || b.properties) out.properties = { ...b.properties, ...a.properties };
  if (a.required || b.required) out.required = [...new Set([...(a.required ?? []), ...(b.required ?? [])])];
  const min = (x?: number, y?: number) => (x === undefined ? y : y === undefined ? x : Math.min(x, y));
  const max = (x?: number, y?: number) => (x === undefined ? y : y === undefined ? x : Math.max(x, y));
  out.maxLength = min(a.maxLength, b.maxLength);
  out.minLength = max(a.minLength, b.minLength);
  out.maximum = min(a.maximum, b.maximum);
  out.minimum = max(a.minimum, b.minimum);
  for (const k of ['maxLength', 'minLength', 'maximum', 'minimum'] as const) if (out[k] === undefined) delete out[k];
  return out;
}

const typesOf = (s: JsonSchema): string[] => {
  if (Array.isArray(s.type)) return s.type;
  if (s.type) return [s.type];
  if (s.enum) return [...new Set(s.enum.map((v) => (v === null ? 'null' : typeof v)))];
  if (s.properties) return ['object'];
  return [];
};

function patternsOf(s: Merged): RegExp[] {
  return [...(s.patterns ?? []), ...(s.pattern ? [s.pattern] : [])].map((p) => new RegExp(p, 'u'));
}

/** Whether a string meets the string constraints of a schema (length in UTF-16 units, as zod counts). */
export function stringFits(value: string, s: Merged): boolean {
  if (s.minLength !== undefined && value.length < s.minLength) return false;
  if (s.maxLength !== undefined && value.length > s.maxLength) return false;
  if (s.enum && !s.enum.includes(value)) return false;
  return patternsOf(s).every((re) => re.test(value));
}

/** The first candidate that fits, else the first one: never loops on constraints it cannot meet. */
function bestOf<T>(candidates: fc.Arbitrary<T>[], fits: (v: T) => boolean): fc.Arbitrary<T> {
  return fc.tuple(...candidates).map((values) => values.find(fits) ?? values[0]!);
}

const printable = fc.string({ unit: 'grapheme-ascii', minLength: 1, maxLength: 24 });
const alnum = fc.string({
  unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789'),
  minLength: 1,
  maxLength: 24,
});
/** Common shapes of real values, so a field without a declared format still gets emails, ids, URLs, dates. */
const shaped = fc.oneof(
  fc.emailAddress(),
  fc.uuid({ version: 4 }),
  fc.webUrl(),
  fc
    .date({ noInvalidDate: true, min: new Date('1970-01-01'), max: new Date('2100-01-01') })
    .map((d) => d.toISOString()),
  fc.integer().map(String),
  fc.constantFrom('UTC', 'Europe/Amsterdam', 'America/New_York', 'NL', 'US', 'en'),
);

const lowerAlnum = (min: number, max: number) =>
  fc.string({ unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz0123456789'), minLength: min, maxLength: max });
/** An everyday address (fast-check's emailAddress draws RFC oddities that real validators refuse). */
const plainEmail = fc
  .tuple(
    lowerAlnum(1, 12),
    fc.constantFrom('', '.', '+', '_'),
    lowerAlnum(0, 6),
    lowerAlnum(1, 10),
    fc.constantFrom('test', 'example', 'com', 'nl'),
  )
  .map(([a, sep, b, domain, tld]) => `${a}${b ? sep + b : ''}@${domain}.${tld}`);

/**
 * Values for fields whose rule lives in a zod refinement the JSON schema cannot show (an email behind a
 * pipe, an ISO country, an IANA zone, an http URL), found by the field's name: without them almost every
 * baseline request would stop at validation and the handlers behind it would never be fuzzed.
 */
const knownFields: Array<[RegExp, fc.Arbitrary<string>]> = [
  [/(^|_)e?mail$|^to$/, plainEmail],
  [/^country$/, fc.constantFrom('NL', 'US', 'DE', 'JP', '')],
  [/time_?zone$/, fc.constantFrom('UTC', 'Europe/London', 'America/New_York', 'Asia/Tokyo')],
  [/(^|_)url$|^website$/, fc.webUrl({ validSchemes: ['https', 'http'], size: 'small' })],
  [/^redirect$/, fc.constantFrom('/', '/settings', '/settings/profile')],
];

const fieldNameOf = (ctx: SchemaContext) => ctx.where.split(/[ .]/).pop() ?? '';

function validString(s: Merged, ctx: SchemaContext): fc.Arbitrary<string> {
  const fits = (v: string) => stringFits(v, s);
  const known = knownFields.find(([re]) => re.test(fieldNameOf(ctx)))?.[1];
  const generic = [...(known ? [known] : []), sizedFor(s, alnum), sizedFor(s, printable), sizedFor(s, shaped)];
  if (s.format === 'uuid') return bestOf([fc.uuid({ version: 4 }), ...generic], fits);
  if (s.format === 'email') return bestOf([fc.emailAddress(), ...generic], fits);
  if (s.format === 'date-time') return bestOf([shaped, ...generic], fits);
  if (s.format === 'binary') return fc.string({ unit: 'binary', maxLength: 64 });
  const patterns = patternsOf(s);
  if (patterns.length > 0) {
    let first: fc.Arbitrary<string> | undefined;
    try {
      const max = s.maxLength ?? 64;
      first = fc.stringMatching(patterns[0]!).map((v) => (v.length > max ? v.slice(0, max) : v));
    } catch {
      first = undefined; // a pattern fast-check cannot build from: the generic candidates are filtered by it
    }
    return bestOf(first ? [first, ...generic] : generic, fits);
  }
  if (known) return bestOf(generic, fits);
  return fc.oneof(
    { arbitrary: bestOf([generic[0]!], fits), weight: 3 },
    { arbitrary: bestOf([generic[2]!, generic[0]!], fits), weight: 2 },
  );
}

/** Cuts or pads generated text to the schema's length bounds. */
function sizedFor(s: Merged, arb: fc.Arbitrary<string>): fc.Arbitrary<string> {
  const min = s.minLength ?? 0;
  const max = Math.min(s.maxLength ?? 64, Math.max(min, 64));
  return arb.map((v) => (v.length < min ? v.padEnd(min, 'x') : v.slice(0, max)));
}

/** Whether the schema takes free text (a string that is not an enum or a file). */
export function acceptsText(schema: JsonSchema, ctx: SchemaContext): boolean {
  const s = normalise(schema, ctx);
  return typesOf(s).includes('string') && !s.enum && s.format !== 'binary';
}

/**
 * Hostile text the schema still accepts (a NUL, a lone surrogate, an injection that fits the length and
 * pattern), for a string schema; a valid value for anything else.
 */
export function hostileButValid(schema: JsonSchema, ctx: SchemaContext): fc.Arbitrary<unknown> {
  const s = normalise(schema, ctx) as Merged;
  if (!typesOf(s).includes('string') || s.enum || s.format === 'binary') return valid(schema, ctx);
  const fits = (v: string) => stringFits(v, s);
  // half of the time the characters storage most often chokes on (NUL, lone surrogates), else any hostile text
  const hostile = fc.oneof(brokenText, hostileString);
  return bestOf([sizedFor(s, hostile), sizedFor(s, hostile), sizedFor(s, hostile), validString(s, ctx)], fits);
}

function bounds(s: JsonSchema, integer: boolean): { min: number; max: number } {
  const step = integer ? 1 : 1e-6;
  let min = s.minimum ?? (integer ? -1_000_000 : -1e6);
  let max = s.maximum ?? (integer ? 1_000_000 : 1e6);
  if (typeof s.exclusiveMinimum === 'number') min = s.exclusiveMinimum + step;
  else if (s.exclusiveMinimum === true) min += step;
  if (typeof s.exclusiveMaximum === 'number') max = s.exclusiveMaximum - step;
  else if (s.exclusiveMaximum === true) max -= step;
  return { min, max };
}

/** Values the schema accepts. */
export function valid(schema: JsonSchema, ctx: SchemaContext, depth = 0): fc.Arbitrary<unknown> {
  const s = normalise(schema, ctx) as Merged;
  const arb = validNonNull(s, ctx, depth);
  return s.nullable ? fc.oneof({ arbitrary: arb, weight: 4 }, { arbitrary: fc.constant(null), weight: 1 }) : arb;
}

function validNonNull(s: Merged, ctx: SchemaContext, depth: number): fc.Arbitrary<unknown> {
  if (s.enum) return fc.constantFrom(...s.enum);
  const branches = s.anyOf ?? s.oneOf;
  if (branches) return fc.oneof(...branches.map((b, i) => valid(b, { ...ctx, where: `${ctx.where}|${i}` }, depth)));
  const types = typesOf(s);
  if (types.length === 0) return depth > 3 ? fc.constant(null) : fc.jsonValue({ maxDepth: 2 });
  return fc.oneof(
    ...types.map((type): fc.Arbitrary<unknown> => {
      switch (type) {
        case 'string':
          return validString(s, ctx);
        case 'integer': {
          const { min, max } = bounds(s, true);
          return fc.oneof(
            fc.integer({ min: Math.ceil(min), max: Math.floor(max) }),
            fc.constantFrom(Math.ceil(min), Math.floor(max)),
          );
        }
        case 'number': {
          const { min, max } = bounds(s, false);
          return fc.oneof(fc.double({ min, max, noNaN: true, noDefaultInfinity: true }), fc.constantFrom(min, max));
        }
        case 'boolean':
          return fc.boolean();
        case 'null':
          return fc.constant(null);
        case 'array': {
          const items = s.items
            ? valid(s.items, { ...ctx, where: `${ctx.where}[]` }, depth + 1)
            : fc.jsonValue({ maxDepth: 1 });
          const minLength = s.minItems ?? 0;
          return fc.array(items, { minLength, maxLength: Math.max(minLength, Math.min(s.maxItems ?? 4, 4)) });
        }
        case 'object': {
          const properties = s.properties ?? {};
          const model = Object.fromEntries(
            Object.entries(properties).map(([k, p]) => [
              k,
              valid(p, { ...ctx, where: `${ctx.where}.${k}` }, depth + 1),
            ]),
          );
          return fc.record(model, { requiredKeys: (s.required ?? []).filter((k) => k in properties) });
        }
        default:
          throw new UnsupportedSchemaError(`${ctx.where}: the fuzz generator does not support type "${type}"`);
      }
    }),
  );
}

/** Values that break the schema (wrong type, out of range, too long, not in the enum) or are hostile anyway. */
export function invalid(schema: JsonSchema, ctx: SchemaContext): fc.Arbitrary<unknown> {
  const s = normalise(schema, ctx) as Merged;
  const types = typesOf(s);
  const specific: fc.Arbitrary<unknown>[] = [];
  if (!s.nullable && !types.includes('null')) specific.push(fc.constant(null));
  if (types.includes('string') || s.enum) {
    const max = s.maxLength ?? 0;
    if (s.maxLength !== undefined)
      specific.push(fc.constant('x'.repeat(s.maxLength + 1)), fc.constant('💣'.repeat(Math.ceil((max + 1) / 2))));
    if (s.minLength) specific.push(fc.constant('x'.repeat(s.minLength - 1)));
    if (s.enum) {
      const first = String(s.enum[0]);
      specific.push(fc.constantFrom(first.toUpperCase(), ` ${first}`, `${first}\u0000`, `${first}x`));
    }
    specific.push(hostileString, hugeString, fc.integer(), fc.boolean(), fc.constant(['a']), fc.constant({ a: 'b' }));
  }
  if (types.includes('integer') || types.includes('number')) {
    const { min, max } = bounds(s, types.includes('integer'));
    specific.push(
      fc.constantFrom(min - 1, max + 1, 1e308, -1e308, Number.MAX_SAFE_INTEGER + 2),
      fc.constantFrom(new RawJson('-0'), new RawJson('1e309'), new RawJson(`9${'9'.repeat(400)}`)),
      fc.constantFrom('1', '1.0', 'NaN', '-0', 'Infinity', ''),
    );
    if (types.includes('integer')) specific.push(fc.constantFrom(0.5, -1.5, 1e-300));
  }
  if (types.includes('boolean')) specific.push(fc.constantFrom('true', 'false', 0, 1, 'yes', [], {}));
  if (types.includes('array')) {
    specific.push(fc.constant('not-an-array'), fc.constant({ 0: 'a' }));
    if (s.maxItems !== undefined) specific.push(fc.constant(Array.from({ length: s.maxItems + 1 }, () => 'x')));
    if (s.items) specific.push(invalid(s.items, { ...ctx, where: `${ctx.where}[]` }).map((v) => [v]));
  }
  if (types.includes('object')) specific.push(fc.constantFrom('{}', [], 0, true));
  return fc.oneof(...(specific.length > 0 ? [{ arbitrary: fc.oneof(...specific), weight: 3 }] : []), {
    arbitrary: hostileJsonValue,
    weight: 2,
  });
}

/** The leaf and object fields of an object schema, as paths, up to a depth. */
export function fieldPaths(schema: JsonSchema, ctx: SchemaContext, depth = 0): string[][] {
  const s = normalise(schema, ctx) as Merged;
  if (!s.properties || depth > 3) return [];
  return Object.entries(s.properties).flatMap(([k, p]) => [
    [k],
    ...fieldPaths(p, { ...ctx, where: `${ctx.where}.${k}` }, depth + 1).map((rest) => [k, ...rest]),
  ]);
}

/** The schema at a property path of an object schema. */
export function schemaAt(schema: JsonSchema, path: string[], ctx: SchemaContext): JsonSchema {
  let s = normalise(schema, ctx);
  for (const key of path) s = normalise(s.properties?.[key] ?? {}, { ...ctx, where: `${ctx.where}.${key}` });
  return s;
}

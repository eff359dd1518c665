import fc from 'fast-check';

/** A JSON token written as is (numbers JSON.stringify cannot produce: `-0`, `1e309`, 400 digits). */
export class RawJson {
  constructor(readonly text: string) {}
  toJSON(): string {
    return `<raw ${this.text.length > 40 ? `${this.text.slice(0, 40)}...` : this.text}>`;
  }
}

/** JSON text of a value that may hold RawJson tokens; iterative so deeply nested values do not overflow. */
export function toJsonText(value: unknown): string {
  const out: string[] = [];
  const stack: unknown[] = [value];
  const CLOSE_ARRAY = Symbol('close-array');
  const CLOSE_OBJECT = Symbol('close-object');
  const COMMA = Symbol('comma');
  while (stack.length > 0) {
    const v = stack.pop();
    if (v === CLOSE_ARRAY) out.push(']');
    else if (v === CLOSE_OBJECT) out.push('}');
    else if (v === COMMA) out.push(',');
    else if (v instanceof RawJson) out.push(v.text);
    else if (v instanceof Key) out.push(`${JSON.stringify(v.name)}:`);
    else if (Array.isArray(v)) {
      out.push('[');
      stack.push(CLOSE_ARRAY);
      for (let i = v.length - 1; i >= 0; i--) {
        stack.push(v[i] === undefined ? null : v[i]);
        if (i > 0) stack.push(COMMA);
      }
    } else if (v !== null && typeof v === 'object') {
      out.push('{');
      stack.push(CLOSE_OBJECT);
      const entries = Object.entries(v).filter(([, x]) => x !== undefined);
      for (let i = entries.length - 1; i >= 0; i--) {
        const [k, x] = entries[i]!;
        stack.push(x, new Key(k));
        if (i > 0) stack.push(COMMA);
      }
    } else out.push(v === undefined ? 'null' : JSON.stringify(v));
  }
  return out.join('');
}

class Key {
  constructor(readonly name: string) {}
}

/** A value for reports: long strings and deep structures cut down so a failure stays readable. */
export function describeValue(value: unknown, budget = 160): string {
  let text: string;
  if (typeof value === 'string') {
    const escaped = JSON.stringify(value).replace(
      /[\u0080-\uffff]/g,
      (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
    );
    text = value.length > 60 ? `${escaped.slice(0, 60)}..." (${value.length} chars)` : escaped;
  } else if (value instanceof RawJson)
    text = `raw ${value.text.length > 40 ? `${value.text.slice(0, 40)}... (${value.text.length} chars)` : value.text}`;
  else if (Array.isArray(value) && depthOf(value) > 8) text = `array nested ${depthOf(value)} deep`;
  else if (Array.isArray(value) && value.length > 20) text = `array of ${value.length} items`;
  else if (value !== null && typeof value === 'object' && Object.keys(value).length > 20) {
    text = `object with ${Object.keys(value).length} keys`;
  } else {
    try {
      text = toJsonText(value);
    } catch {
      text = String(value);
    }
  }
  return text.length > budget ? `${text.slice(0, budget)}...` : text;
}

function depthOf(value: unknown): number {
  let depth = 0;
  let v = value;
  while (Array.isArray(v) && depth < 100_000) {
    depth++;
    v = v[0];
  }
  return depth;
}

/** Strings that broke or tricked servers before: control and format characters, injections, odd numbers. */
export const hostileStrings: readonly string[] = [
  '\u0000',
  'a\u0000b',
  '\u0000\u0000\u0000',
  '\ud800',
  'x\udfffy',
  '\udc00\ud800',
  '\u202egnp.exe',
  '\u200b\u200c\u200d\u2060',
  '\ufeffbom',
  'line\u2028sep\u2029',
  '\u0007\u0008\u001b[31mred',
  'a\r\nSet-Cookie: pwned=1',
  '\n',
  '💣🔥👨‍👩‍👧‍👦🏳️‍🌈',
  `e${'\u0301'.repeat(60)}`,
  'İıßǅﬀ',
  '\u3000\u00a0\t ',
  '',
  ' ',
  "' OR '1'='1",
  "'; DROP TABLE users; --",
  '" OR 1=1 --',
  '1; SELECT pg_sleep(1); --',
  "E'\\\\x00'",
  '$1',
  '\\',
  '%_%',
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  '{{7*7}}<%= 7*7 %>',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template-injection probe, sent as plain text
  '${7*7}',
  '../../../../etc/passwd',
  '..\\..\\..\\windows\\win.ini',
  '/etc/passwd',
  '%2e%2e%2f%2e%2e%2f',
  'file:///etc/passwd',
  'javascript:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  'http://127.0.0.1:1/',
  '%s%s%s%n',
  '-0',
  'NaN',
  'Infinity',
  '-Infinity',
  '1e309',
  '-1e309',
  '0x1F',
  '1_000',
  '١٢٣',
  `1${'0'.repeat(400)}`,
  '0.0000000000000000000000000000001',
  'null',
  'undefined',
  'true',
  '[]',
  '{}',
  '__proto__',
  'constructor',
  'toString',
  'a@b',
  '@',
  '"quoted"@example.com',
  'x@[127.0.0.1]',
  'ADMIN@EXAMPLE.TEST',
];

/** The characters that most often break storage and drivers: NUL, lone surrogates, other controls. */
export const brokenText: fc.Arbitrary<string> = fc
  .tuple(
    fc.string({ maxLength: 6 }),
    fc.constantFrom('\u0000', '\ud800', '\udbff', '\udc00', '\udfff', '\u0001', '\u001f', '\u007f', '\ufffe', '\uffff'),
    fc.string({ maxLength: 6 }),
  )
  .map(([a, b, c]) => `${a}${b}${c}`);

/** A hostile piece alone or inside ordinary text. */
export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: brokenText, weight: 5 },
  { arbitrary: fc.constantFrom(...hostileStrings), weight: 5 },
  {
    arbitrary: fc
      .tuple(fc.string({ maxLength: 8 }), fc.constantFrom(...hostileStrings), fc.string({ maxLength: 8 }))
      .map(([a, b, c]) => `${a}${b}${c}`),
    weight: 3,
  },
  // any code points
  { arbitrary: fc.string({ unit: 'binary', maxLength: 40 }), weight: 2 },
);

/** Strings far longer than any field allows (in the default run up to 200,000 characters). */
export const hugeString: fc.Arbitrary<string> = fc
  .tuple(fc.constantFrom('A', 'é', '💣', '\u0000', '9', ' '), fc.integer({ min: 2_000, max: 200_000 }))
  .map(([c, n]) => c.repeat(Math.ceil(n / c.length)));

const nested = (depth: number, leaf: unknown, kind: 'array' | 'object'): unknown => {
  let v = leaf;
  for (let i = 0; i < depth; i++) v = kind === 'array' ? [v] : { a: v };
  return v;
};

/** Any JSON value of a type a field is unlikely to expect, including extreme shapes. */
export const hostileJsonValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom<unknown>(
    null,
    true,
    false,
    0,
    -1,
    1.5,
    Number.MAX_SAFE_INTEGER + 2,
    1e308,
    -1e308,
    5e-324,
    [],
    [null],
    {},
    { __proto__: null, polluted: true },
  ),
  fc.constantFrom(
    new RawJson('-0'),
    new RawJson('1e309'),
    new RawJson('-1e309'),
    new RawJson(`1${'0'.repeat(400)}`),
    new RawJson(`0.${'0'.repeat(400)}1`),
    new RawJson('{"__proto__":{"polluted":true}}'),
    new RawJson('{"constructor":{"prototype":{"polluted":true}}}'),
    new RawJson('{"a":1,"a":2}'),
  ),
  hostileString,
  fc.jsonValue({ maxDepth: 3 }),
  fc
    .tuple(fc.integer({ min: 20, max: 3_000 }), fc.constantFrom<'array' | 'object'>('array', 'object'))
    .map(([d, k]) => nested(d, 1, k)),
  fc.integer({ min: 1_000, max: 60_000 }).map((n) => Array.from({ length: n }, (_, i) => i)),
  fc
    .integer({ min: 1_000, max: 20_000 })
    .map((n) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`k${i}`, i]))),
);

/** Object keys nobody declared: prototype names, odd characters, very long ones. */
export const hostileKey: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '__proto__',
    'constructor',
    'prototype',
    'hasOwnProperty',
    'toString',
    '',
    ' ',
    '$where',
    'a.b',
    'a[0]',
  ),
  hostileString,
  fc.string({ minLength: 1, maxLength: 20 }),
  fc.integer({ min: 300, max: 5_000 }).map((n) => 'k'.repeat(n)),
);

/** A loopback address per request, so per-IP rate limits do not end the run early (no traffic leaves inject). */
export const clientAddress: fc.Arbitrary<string> = fc
  .tuple(fc.integer({ min: 0, max: 255 }), fc.integer({ min: 0, max: 255 }), fc.integer({ min: 1, max: 254 }))
  .map(([a, b, c]) => `127.${a}.${b}.${c}`);

/**
 * Percent-encodes any string, lone surrogates included (as the three bytes a careless encoder writes for
 * them), where encodeURIComponent throws.
 */
export function encodeUriAny(value: string): string {
  let out = '';
  for (const ch of value) {
    const code = ch.codePointAt(0)!;
    if (code >= 0xd800 && code <= 0xdfff) {
      out += [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)]
        .map((b) => `%${b.toString(16).toUpperCase()}`)
        .join('');
    } else out += encodeURIComponent(ch);
  }
  return out;
}

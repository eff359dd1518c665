import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as contracts from './index.js';
import { fieldIssueMessage } from './messages.js';
import { badTextReason, line, multiline, opaque, secret } from './text.js';

describe('badTextReason', () => {
  it.each([
    ['plain text', 'Acme BV', false, undefined],
    ['accents and emoji (a surrogate pair)', 'Zoë 🚀 日本', false, undefined],
    ['NUL', 'a\u0000b', false, 'control'],
    ['escape', '\u001b[31m', false, 'control'],
    ['DEL', 'a\u007f', false, 'control'],
    ['a C1 control', 'a\u0085', false, 'control'],
    ['a line break in one line', 'a\nb', false, 'control'],
    ['a tab in one line', 'a\tb', false, 'control'],
    ['line breaks and tabs in multi-line text', 'a\r\nb\tc', true, undefined],
    ['NUL in multi-line text', 'a\n\u0000', true, 'control'],
    ['a lone high surrogate', '\ud800', false, 'surrogate'],
    ['a high surrogate at the end', 'ab\ud83d', false, 'surrogate'],
    ['a lone low surrogate', 'a\ude80b', false, 'surrogate'],
    ['two high surrogates', '\ud83d\ud83d', false, 'surrogate'],
  ])('%s', (_name, value, multi, expected) => {
    expect(badTextReason(value, multi)).toBe(expected);
  });
});

describe('text builders', () => {
  const schema = z.object({
    company: line('Company', 10),
    name: line('First name', 60, { min: 1 }),
    bio: multiline('Biography', 20),
    password: secret('Password', { min: 8, max: 16 }),
    token: opaque('The link token', 8, { min: 1 }),
  });
  const valid = { company: 'Acme', name: 'Ada', bio: 'Hi\nthere', password: '  spaced  ', token: 'abc' };
  const messages = (input: unknown) => {
    const result = schema.safeParse(input);
    return result.success ? [] : result.error.issues.map((i) => [i.path.join('.'), i.message]);
  };

  it('trims one-line and multi-line text, but never a password or a token', () => {
    expect(schema.parse({ ...valid, company: '  Acme  ', token: ' t ' })).toMatchObject({
      company: 'Acme',
      password: '  spaced  ',
      token: ' t ',
    });
  });

  it('words every failure as a sentence starting with the field label', () => {
    expect(messages({ ...valid, company: 'x'.repeat(11) })).toEqual([
      ['company', 'Company must be at most 10 characters.'],
    ]);
    expect(messages({ ...valid, name: '   ' })).toEqual([['name', 'First name is required.']]);
    expect(messages({ ...valid, name: undefined })).toEqual([['name', 'First name is required.']]);
    expect(messages({ ...valid, name: 7 })).toEqual([['name', 'First name must be text.']]);
    expect(messages({ ...valid, password: 'short' })).toEqual([
      ['password', 'Password must be at least 8 characters.'],
    ]);
    expect(messages({ ...valid, password: '' })).toEqual([['password', 'Password is required.']]);
    expect(messages({ ...valid, token: '' })).toEqual([['token', 'The link token is required.']]);
  });

  it('refuses control characters and lone surrogates with one message, before any other check', () => {
    expect(messages({ ...valid, company: `\u0000${'x'.repeat(20)}` })).toEqual([
      ['company', 'Company must not contain control characters such as line breaks, tabs or NUL.'],
    ]);
    expect(messages({ ...valid, bio: 'a\u0000' })).toEqual([
      ['bio', 'Biography must not contain control characters other than line breaks and tabs.'],
    ]);
    expect(messages({ ...valid, password: 'Passw0rd\u0000x' })).toEqual([
      ['password', 'Password must not contain control characters such as line breaks, tabs or NUL.'],
    ]);
    expect(messages({ ...valid, token: '\ud800' })).toEqual([
      ['token', 'The link token contains text that is not valid Unicode.'],
    ]);
  });

  it('keeps a pattern check from running on an empty required field', () => {
    const username = line('Username', 30, { min: 3 }).regex(/^[a-z]+$/, 'Username may contain only letters.');
    expect(username.safeParse('').error?.issues.map((i) => i.message)).toEqual(['Username is required.']);
    expect(username.safeParse('ab').error?.issues.map((i) => i.message)).toEqual([
      'Username must be at least 3 characters.',
    ]);
  });
});

/**
 * Every request schema of the contract (bodies, queries, path parameters), found by its export name; not the
 * error body (a response) nor the image upload, whose multipart body never reaches its schema as text (the
 * parser leaves it null and the route reads the file's bytes).
 */
const notRequests = new Set(['errorBodySchema', 'imageUploadBodySchema']);
const requestSchemas = Object.entries(contracts as Record<string, unknown>).filter(
  (entry): entry is [string, z.ZodType] =>
    /(Body|Query|Params)Schema$/.test(entry[0]) && !notRequests.has(entry[0]) && entry[1] instanceof z.ZodType,
);

/** The object shape inside optional / nullable / pipe wrappers, or undefined. */
function shapeOf(schema: z.ZodType): Record<string, z.ZodType> | undefined {
  let current: unknown = schema;
  for (let i = 0; i < 5; i++) {
    if (current instanceof z.ZodObject) return current.shape as Record<string, z.ZodType>;
    if (current instanceof z.ZodOptional || current instanceof z.ZodNullable) current = current.unwrap();
    else if (current instanceof z.ZodPipe) current = current.in;
    else return undefined;
  }
  return undefined;
}

describe('every request field of the contract', () => {
  it('the walk finds the request schemas', () => {
    const names = requestSchemas.map(([name]) => name);
    expect(names).toEqual(
      expect.arrayContaining([
        'signUpBodySchema',
        'billingSettingsBodySchema',
        'profileBodySchema',
        'mailboxQuerySchema',
        'filesParamsSchema',
        'googleCallbackQuerySchema',
      ]),
    );
  });

  const fields = requestSchemas.flatMap(([name, schema]) =>
    Object.keys(shapeOf(schema) ?? {}).map((field) => [name, field, schema] as const),
  );

  it.each(fields)(
    '%s.%s refuses a NUL byte and a lone surrogate with a sentence naming the field',
    (_name, field, schema) => {
      for (const hostile of ['a\u0000b', '\ud800', 'x\u001by']) {
        const result = schema.safeParse({ [field]: hostile }, { error: fieldIssueMessage('The request body') });
        expect(result.success, `${field} accepted ${JSON.stringify(hostile)}`).toBe(false);
        const issue = result.error?.issues.find((i) => i.path[0] === field);
        expect(issue, `no issue on ${field}`).toBeDefined();
        expect(issue?.message).toMatch(/^\S.*\.$/);
        expect(issue?.message).not.toMatch(/Invalid input|expected|received/);
      }
    },
  );
});

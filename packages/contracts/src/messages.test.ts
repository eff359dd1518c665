import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fieldIssueMessage } from './messages.js';

const error = fieldIssueMessage('The request body');
const messageOf = (schema: z.ZodType, value: unknown) =>
  schema.safeParse(value, { error }).error?.issues.map((i) => i.message) ?? [];

describe('fieldIssueMessage: what zod would word itself, as sentences naming the field by its wire name', () => {
  it.each([
    ['a missing field', z.object({ first_name: z.string() }), {}, 'first_name is required.'],
    ['a number for text', z.object({ first_name: z.string() }), { first_name: 3 }, 'first_name must be text.'],
    [
      'text for a boolean',
      z.object({ is_public: z.boolean() }),
      { is_public: 'no' },
      'is_public must be true or false.',
    ],
    ['text for a number', z.object({ page: z.number() }), { page: 'x' }, 'page must be a number.'],
    ['a fraction for an integer', z.object({ page: z.number().int() }), { page: 1.5 }, 'page must be a whole number.'],
    ['a number too small', z.object({ page: z.number().min(1) }), { page: 0 }, 'page must be at least 1.'],
    ['a number too big', z.object({ limit: z.number().max(100) }), { limit: 101 }, 'limit must be at most 100.'],
    [
      'an unknown enum value',
      z.object({ kind: z.enum(['main', 'trading']) }),
      { kind: 'x' },
      'kind must be main or trading.',
    ],
    ['one of three', z.object({ v: z.enum(['a', 'b', 'c']) }), { v: 'x' }, 'v must be one of a, b or c.'],
    ['a bad uuid', z.object({ id: z.uuid() }), { id: 'nope' }, 'id must be a valid id (a UUID).'],
    ['a bad email', z.object({ email: z.email() }), { email: 'nope' }, 'email must be a valid email address.'],
    ['a nested field', z.object({ a: z.object({ b: z.string() }) }), { a: {} }, 'a.b is required.'],
    [
      'a list too long',
      z.object({ ids: z.array(z.string()).max(2) }),
      { ids: ['a', 'b', 'c'] },
      'ids must be at most 2 items.',
    ],
    ['a wrong body', z.object({ a: z.string() }), [1], 'The request body must be an object.'],
    ['no body at all', z.object({ a: z.string() }), null, 'The request body is required.'],
    ['an unknown key', z.strictObject({ a: z.string() }), { a: 'x', extra: 1 }, 'extra is not a known field.'],
  ])('%s', (_name, schema, value, expected) => {
    expect(messageOf(schema, value)).toEqual([expected]);
  });

  it('leaves the messages a schema words itself', () => {
    const schema = z.object({ theme: z.enum(['dark', 'light'], { error: 'Theme must be dark or light.' }) });
    expect(messageOf(schema, { theme: 'blue' })).toEqual(['Theme must be dark or light.']);
  });
});

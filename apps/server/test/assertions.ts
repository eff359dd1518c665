import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';

type FieldError = { field: string; message: string };

/** The `details.fields` of an error answer (empty when it has none). */
export function fieldErrorsOf(response: LightMyRequestResponse): FieldError[] {
  const details = (response.json() as { details?: { fields?: FieldError[] } }).details;
  return details?.fields ?? [];
}

/**
 * Asserts an error answer about one field: the status and code, `details.fields` naming the field with
 * the answer's message, and that message a full sentence (capital or field name first, full stop last)
 * matching `message` when given.
 */
export function expectFieldError(
  response: LightMyRequestResponse,
  expected: { status?: number; code?: string; field: string; message?: string | RegExp },
): string {
  const body = response.json() as { statusCode: number; code: string; message: string };
  expect(response.statusCode, response.body).toBe(expected.status ?? 400);
  expect(body.statusCode).toBe(response.statusCode);
  if (expected.code) expect(body.code).toBe(expected.code);
  const entry = fieldErrorsOf(response).find((f) => f.field === expected.field);
  expect(entry, `no details.fields entry for ${expected.field}: ${response.body}`).toBeDefined();
  expect(body.message).toBe(entry?.message);
  expect(body.message).toMatch(/^\S.*[.?!]$/s);
  if (typeof expected.message === 'string') expect(body.message).toBe(expected.message);
  else if (expected.message) expect(body.message).toMatch(expected.message);
  return body.message;
}

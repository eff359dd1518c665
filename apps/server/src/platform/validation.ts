import { fieldIssueMessage, fieldPath } from '@tradedesk/contracts';
import type { FastifySchemaCompiler } from 'fastify';
import type { z } from 'zod';

export type FieldError = { field: string; message: string };

/** The part of the request a schema checks, as messages and `details.fields` name it when it is wrong as a whole. */
const parts: Record<string, { field: string; whole: string }> = {
  body: { field: 'body', whole: 'The request body' },
  querystring: { field: 'query', whole: 'The query string' },
  params: { field: 'params', whole: 'The path' },
  headers: { field: 'headers', whole: 'The request headers' },
};

/** A request that failed its zod schema: every bad field with a sentence naming it. */
export class RequestValidationError extends Error {
  readonly statusCode = 400;
  constructor(readonly fields: FieldError[]) {
    super(fields[0]?.message ?? 'The request is not valid.');
    this.name = 'RequestValidationError';
  }
}

/** One entry per bad field; an unknown key is named itself, not the object it sits in. */
export function fieldErrorsOf(issues: readonly z.core.$ZodIssue[], part: string): FieldError[] {
  const fields: FieldError[] = [];
  for (const issue of issues) {
    const path = fieldPath(issue.path);
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) {
        fields.push({ field: path ? `${path}.${key}` : key, message: `${key} is not a known field.` });
      }
    } else {
      fields.push({ field: path || part, message: issue.message });
    }
  }
  return fields;
}

/**
 * Fastify validator compiler for the contracts' zod schemas. It replaces fastify-type-provider-zod's so that
 * every message is a sentence: the schemas word their own fields (text.ts), and whatever zod would word itself
 * ("Invalid input: expected string, received number") is worded here from the field's wire name
 * ("first_name must be text.").
 */
export const validatorCompiler: FastifySchemaCompiler<z.ZodType> = ({ schema, httpPart }) => {
  const part = parts[httpPart ?? ''] ?? { field: 'request', whole: 'The request' };
  const error = fieldIssueMessage(part.whole);
  return (data) => {
    const result = schema.safeParse(data, { error });
    if (result.success) return { value: result.data };
    return { error: new RequestValidationError(fieldErrorsOf(result.error.issues, part.field)) };
  };
};

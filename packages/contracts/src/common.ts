import { z } from 'zod';

/** Body of every error answer (docs/architecture.md, section 2). */
export const errorBodySchema = z.object({
  statusCode: z.number().int(),
  code: z.string(),
  message: z.string(),
  details: z.unknown().optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

export const okSchema = z.object({ ok: z.literal(true) });
export type Ok = z.infer<typeof okSchema>;

export const uuidSchema = z.uuid();
export const idParamsSchema = z.object({ id: z.uuid() });

export const pageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(10),
});

/** Error categories; the one error handler maps each to an HTTP status. */
export const errorCategories = [
  'validation',
  'unauthenticated',
  'forbidden',
  'not_found',
  'conflict',
  'gone',
  'payload_too_large',
  'unsupported_media_type',
  'unprocessable',
  'locked',
  'rate_limited',
  'unavailable',
  'internal',
] as const;
export type ErrorCategory = (typeof errorCategories)[number];

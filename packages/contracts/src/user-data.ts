import { z } from 'zod';
import { line } from './text.js';

/**
 * The user-data store (spec section 7, "User-data store"): small JSON documents a user's screens keep on the
 * server so they follow the user across browsers. The `workspace` store holds what the workspace kit saves:
 * docking layouts, table column states and the workspace preferences (P/L colours). Each document is the
 * client's opaque JSON `state` plus a client-chosen `version` of its shape, stored verbatim (keys are not
 * case-converted).
 */

/** Largest `state`, in UTF-8 bytes of its JSON text. */
export const USER_DATA_STATE_MAX_BYTES = 65_536;
/** Deepest nesting of objects and arrays in `state` (a docking layout of many splits stays well under it). */
export const USER_DATA_STATE_MAX_DEPTH = 32;
/** Most documents one user keeps in one store. */
export const USER_DATA_MAX_DOCUMENTS = 100;

/**
 * `workspace`: the workspace kit's documents (any name). The others hold one entry each, with a fixed shape
 * (user-data-entries.ts): `activeCharts/manualSetups`, `indicators/indicatorCollections`,
 * `instrument/recentlyList`.
 */
export const userDataStores = ['workspace', 'activeCharts', 'indicators', 'instrument'] as const;
export type UserDataStore = (typeof userDataStores)[number];

export const userDataNameSchema = line('Document name', 64, { min: 1 }).regex(
  /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/,
  'Document name must be 1 to 64 letters, digits, dots, dashes or underscores, starting with a letter or digit.',
);

export const userDataParamsSchema = z.object({ name: userDataNameSchema });

/** Depth of the deepest object or array in a JSON value (a scalar is 0); stops counting past `limit`. */
export function jsonDepth(value: unknown, limit = Number.POSITIVE_INFINITY): number {
  let deepest = 0;
  const stack: Array<{ value: unknown; depth: number }> = [{ value, depth: 0 }];
  while (stack.length > 0) {
    const item = stack.pop()!;
    if (item.value === null || typeof item.value !== 'object') continue;
    const depth = item.depth + 1;
    if (depth > deepest) deepest = depth;
    if (deepest > limit) return deepest;
    const children = Array.isArray(item.value) ? item.value : Object.values(item.value);
    for (const child of children) stack.push({ value: child, depth });
  }
  return deepest;
}

const encoder = new TextEncoder();

/** A document's state: a JSON object or array, at most USER_DATA_STATE_MAX_BYTES and USER_DATA_STATE_MAX_DEPTH. */
export const userDataStateSchema = z.unknown().superRefine((value, ctx) => {
  if (value === undefined) {
    ctx.addIssue({ code: 'custom', message: 'State is required.' });
    return;
  }
  if (value === null || typeof value !== 'object') {
    ctx.addIssue({ code: 'custom', message: 'State must be a JSON object or array.' });
    return;
  }
  if (jsonDepth(value, USER_DATA_STATE_MAX_DEPTH) > USER_DATA_STATE_MAX_DEPTH) {
    ctx.addIssue({
      code: 'custom',
      message: `State must not nest objects and arrays deeper than ${USER_DATA_STATE_MAX_DEPTH} levels.`,
    });
    return;
  }
  const bytes = encoder.encode(JSON.stringify(value)).length;
  if (bytes > USER_DATA_STATE_MAX_BYTES) {
    ctx.addIssue({
      code: 'custom',
      message: `State must be at most ${USER_DATA_STATE_MAX_BYTES} bytes of JSON (this one is ${bytes}).`,
    });
    return;
  }
  // The state is stored as jsonb, which cannot hold a NUL character or a lone surrogate in any key or string.
  if (hasBadText(value)) {
    ctx.addIssue({
      code: 'custom',
      message: 'State must not contain NUL characters or text that is not valid Unicode in its keys or strings.',
    });
  }
});

function hasBadText(value: unknown): boolean {
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const item = stack.pop();
    if (typeof item === 'string') {
      // Other control characters are fine in jsonb; NUL and lone surrogates (matched by \p{Cs} under /u) are not.
      if (item.includes('\u0000') || /\p{Cs}/u.test(item)) return true;
    } else if (item !== null && typeof item === 'object') {
      for (const [key, child] of Object.entries(item)) stack.push(key, child);
    }
  }
  return false;
}

/** PUT body: the document's shape version (chosen by the client) and its state. */
export const userDataDocumentBodySchema = z.strictObject({
  version: z
    .number({
      error: (issue) =>
        issue.input === undefined ? 'Version is required.' : 'Version must be a whole number from 1 to 1000000.',
    })
    .int('Version must be a whole number from 1 to 1000000.')
    .min(1, 'Version must be a whole number from 1 to 1000000.')
    .max(1_000_000, 'Version must be a whole number from 1 to 1000000.'),
  state: userDataStateSchema,
});
export type UserDataDocumentBody = { version: number; state: unknown };

export const userDataDocumentSchema = z.object({
  name: z.string(),
  version: z.number().int(),
  state: z.unknown(),
  updatedAt: z.string(),
});
export type UserDataDocument = z.infer<typeof userDataDocumentSchema>;

/** GET and PUT answer `{ payload: document }`, as the spec's store answers are read (`data.payload`). */
export const userDataDocumentResponseSchema = z.object({ payload: userDataDocumentSchema });
export type UserDataDocumentResponse = z.infer<typeof userDataDocumentResponseSchema>;

export const userDataErrorCodes = [
  'USER_DATA_NOT_FOUND',
  'USER_DATA_LIMIT_REACHED',
  'USER_DATA_VERSION_CONFLICT',
  'USER_DATA_INVALID_ENTRY',
] as const;
export type UserDataErrorCode = (typeof userDataErrorCodes)[number];

/** `accessExpiresAt` -> `access_expires_at`; keys already in snake_case are left as they are. */
export function toSnakeKey(key: string): string {
  return key
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1_$2')
    .toLowerCase();
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object') return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/**
 * Deep copy with every object key in snake_case, the wire format of request bodies and queries.
 * Only plain objects and arrays are walked: FormData, Blob and the like pass through untouched.
 */
export function snakeKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(snakeKeys);
  if (value instanceof Date) return value.toISOString();
  if (!isPlainObject(value)) return value;
  const out: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) out[toSnakeKey(key)] = snakeKeys(inner);
  return out;
}

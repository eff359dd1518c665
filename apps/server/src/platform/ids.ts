import { createHash, randomBytes, randomUUID } from 'node:crypto';

export const newId = (): string => randomUUID();

/** An unguessable opaque token (URL-safe). */
export const newToken = (bytes = 32): string => randomBytes(bytes).toString('base64url');

/** Tokens are stored only as their SHA-256, so a database leak does not leak usable tokens. */
export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');

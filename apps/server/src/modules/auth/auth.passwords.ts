import { checkPasswordPolicy, type PasswordContext } from '@tradedesk/contracts/password-policy';
import argon2 from 'argon2';
import { authError } from './auth.errors.js';

// OWASP's argon2id baseline: 19 MiB, 2 passes, 1 lane.
const options = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, options);
}

/** False for a malformed hash too: a corrupted row must not lock the handler into a 500. */
export async function verifyPasswordHash(hash: string, password: string): Promise<boolean> {
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/** Spends the time of one verification, so unknown emails answer as slowly as wrong passwords. */
export async function burnPasswordCheck(password: string): Promise<void> {
  dummyHash ??= hashPassword('timing-equaliser-0');
  await verifyPasswordHash(await dummyHash, password);
}

/**
 * The password rule (contracts/password-policy) for a password being chosen: a 400 AUTH_PASSWORD_WEAK
 * naming `field` when it refuses it. Sign-up, reset and password change apply it.
 */
export function assertPasswordPolicy(password: string, context: PasswordContext, field = 'password'): void {
  const problem = checkPasswordPolicy(password, context);
  if (problem) throw authError.onField(field, 'AUTH_PASSWORD_WEAK', problem);
}

import { randomInt } from 'node:crypto';
import type { Clock } from '../../../platform/clock.js';
import { AppError } from '../../../platform/errors.js';
import type { UserRow, UsersService } from '../../users/users.service.js';
import type { Acquisition } from './google.cookies.js';
import { googleError } from './google.errors.js';
import type { GoogleIdentity } from './google-oidc.service.js';

const maxUsernameAttempts = 8;

/**
 * A username from the email's local part, limited to what usernames allow (letters, digits, `_`, `.`,
 * 3 to 30 characters). `attempt` > 0 adds a random numeric suffix to get past a taken name.
 */
export function usernameCandidate(email: string, attempt: number): string {
  const local = email.split('@')[0] ?? '';
  let base = local
    .toLowerCase()
    .replace(/[^a-z0-9_.]+/g, '')
    .replace(/^[._]+|[._]+$/g, '')
    .slice(0, 22);
  if (base.length < 3) base = `${base || 'user'}${base ? '_user' : ''}`.slice(0, 22);
  return attempt === 0 ? base : `${base}${randomInt(1000, 10_000_000)}`;
}

function isCode(error: unknown, code: string): boolean {
  return error instanceof AppError && error.code === code;
}

/**
 * Who a Google identity is here: the user already linked to its `sub`; else the user with the same
 * email, linked only when Google vouches for the address; else a new active user (no password).
 */
export function createGoogleUsersService(deps: { users: UsersService; clock: Clock }) {
  const { users, clock } = deps;

  async function linkExisting(user: UserRow, identity: GoogleIdentity): Promise<UserRow> {
    // Only a verified address proves the Google account owns this email; otherwise anyone could
    // create a Google account with someone's address and take over their account here.
    if (!identity.emailVerified) {
      throw googleError(
        'AUTH_GOOGLE_EMAIL_NOT_VERIFIED',
        'An account with this email exists and Google has not verified the address. Sign in with your password.',
      );
    }
    if (user.googleSub && user.googleSub !== identity.sub) {
      throw googleError('AUTH_GOOGLE_ACCOUNT_CONFLICT', 'This account is linked to another Google account.');
    }
    return users.update(user.id, {
      googleSub: identity.sub,
      // The verified address is as good as the activation link. The password of a pending account was
      // chosen by whoever signed up, never proven to be the mailbox owner's: keeping it would let someone
      // who registered this address first sign in to the real owner's account once it is linked.
      ...(user.status === 'pending' ? { status: 'active' as const, activatedAt: clock.now(), passwordHash: null } : {}),
      ...(user.firstName === '' && identity.givenName ? { firstName: identity.givenName } : {}),
      ...(user.lastName === '' && identity.familyName ? { lastName: identity.familyName } : {}),
    });
  }

  async function createNew(email: string, identity: GoogleIdentity, acquisition: Acquisition): Promise<UserRow> {
    for (let attempt = 0; attempt < maxUsernameAttempts; attempt++) {
      const username = usernameCandidate(email, attempt);
      if (!(await users.isUsernameAvailable(username))) continue;
      try {
        return await users.create({
          email,
          username,
          passwordHash: null,
          status: 'active',
          activatedAt: clock.now(),
          googleSub: identity.sub,
          firstName: identity.givenName,
          lastName: identity.familyName,
          referralCode: acquisition.referralCode,
          tracking: acquisition.tracking,
        });
      } catch (error) {
        // someone took the name between the check and the insert: try another
        if (isCode(error, 'USER_USERNAME_TAKEN')) continue;
        throw error;
      }
    }
    throw googleError('AUTH_GOOGLE_FAILED', 'No free username could be found for this account.');
  }

  return {
    async resolve(identity: GoogleIdentity, acquisition: Acquisition): Promise<UserRow> {
      // two callbacks of the same person racing: the loser finds what the winner wrote
      for (let round = 0; round < 2; round++) {
        const linked = await users.findByGoogleSub(identity.sub);
        if (linked) return linked;
        if (!identity.email) {
          throw googleError('AUTH_GOOGLE_EMAIL_MISSING', 'Google did not share an email address for this account.');
        }
        try {
          const existing = await users.findByEmail(identity.email);
          if (existing) return await linkExisting(existing, identity);
          return await createNew(identity.email, identity, acquisition);
        } catch (error) {
          const raced = isCode(error, 'USER_GOOGLE_LINKED') || isCode(error, 'USER_EMAIL_TAKEN');
          if (!raced || round > 0) throw error;
        }
      }
      throw googleError('AUTH_GOOGLE_FAILED', 'Google sign-in failed.');
    },
  };
}
export type GoogleUsersService = ReturnType<typeof createGoogleUsersService>;

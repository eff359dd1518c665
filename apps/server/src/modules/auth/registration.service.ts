import type { AppConfig } from '../../config.js';
import type { Clock } from '../../platform/clock.js';
import { hashToken, newId, newToken } from '../../platform/ids.js';
import type { Mailer } from '../../platform/mail/mailer.js';
import type { UserRow, UsersService } from '../users/users.service.js';
import { authError } from './auth.errors.js';
import { hashPassword } from './auth.passwords.js';
import type { AuthRepository, EmailTokenPurpose } from './auth.repository.js';

const LINK_TTL_MS: Record<EmailTokenPurpose, number> = {
  activation: 48 * 60 * 60 * 1000,
  reset: 60 * 60 * 1000,
};
const LINK_PATH: Record<EmailTokenPurpose, string> = { activation: '/activate', reset: '/reset-password' };

export type SignUpInput = {
  email: string;
  password: string;
  username: string;
  firstName: string;
  lastName: string;
  referralCode: string | undefined;
  tracking: Record<string, string>;
};

/** Sign-up, activation and password reset: the flows that go through an e-mailed single-use link. */
export function createRegistrationService(deps: {
  repo: AuthRepository;
  users: UsersService;
  clock: Clock;
  mailer: Mailer;
  config: Pick<AppConfig, 'publicUrl'>;
  revokeAllSessions: (userId: string, reason: string) => Promise<unknown>;
  /** A link mailed in the background (forgot, resend) could not be sent; nobody is waiting for it. */
  onDeliveryError?: (error: unknown, purpose: EmailTokenPurpose) => void;
}) {
  const { repo, users, clock, mailer } = deps;
  const deliveries = new Set<Promise<void>>();

  async function sendLink(user: UserRow, purpose: EmailTokenPurpose): Promise<void> {
    const now = clock.now();
    const token = newToken();
    await repo.insertEmailToken({
      id: newId(),
      userId: user.id,
      purpose,
      tokenHash: hashToken(token),
      expiresAt: new Date(now.getTime() + LINK_TTL_MS[purpose]),
      createdAt: now,
    });
    const link = `${deps.config.publicUrl}${LINK_PATH[purpose]}?token=${encodeURIComponent(token)}`;
    try {
      await mailer.send({ template: purpose, to: user.email, data: { firstName: user.firstName, link } });
    } catch (cause) {
      const error = authError('AUTH_MAIL_UNAVAILABLE', 'The e-mail could not be sent; try again later');
      error.cause = cause; // for the log, never for the client
      throw error;
    }
  }

  /**
   * Forgot and resend answer before the link is stored and mailed: awaiting an SMTP round trip (or its
   * failure) only for addresses that have an account would tell a stranger which addresses do.
   */
  function sendLinkInBackground(user: UserRow, purpose: EmailTokenPurpose): void {
    const delivery: Promise<void> = sendLink(user, purpose)
      .catch((error: unknown) => deps.onDeliveryError?.(error, purpose))
      .finally(() => deliveries.delete(delivery));
    deliveries.add(delivery);
  }

  /** Consumes a link token or throws the 400 that says why it cannot be used. */
  async function consume(purpose: EmailTokenPurpose, token: string) {
    const row = await repo.findEmailToken(purpose, hashToken(token));
    if (!row) throw authError('AUTH_LINK_INVALID', 'token: this link is not valid');
    if (row.usedAt) throw authError('AUTH_LINK_USED', 'token: this link was already used');
    if (row.expiresAt.getTime() <= clock.now().getTime()) {
      throw authError('AUTH_LINK_EXPIRED', 'token: this link has expired, ask for a new one');
    }
    if (!(await repo.useEmailToken(row.id, clock.now()))) {
      throw authError('AUTH_LINK_USED', 'token: this link was already used');
    }
    return row;
  }

  return {
    /** Creates a pending account and mails its activation link. */
    async signUp(input: SignUpInput): Promise<UserRow> {
      // users.create answers 409 USER_EMAIL_TAKEN / USER_USERNAME_TAKEN from the unique indexes (race-safe).
      const user = await users.create({
        email: input.email.toLowerCase(),
        username: input.username,
        passwordHash: await hashPassword(input.password),
        status: 'pending',
        firstName: input.firstName,
        lastName: input.lastName,
        referralCode: input.referralCode ?? null,
        tracking: input.tracking,
      });
      try {
        await sendLink(user, 'activation');
      } catch (error) {
        // Without the mail the account could never be activated, and a retry would hit "e-mail taken".
        await users.delete(user.id);
        throw error;
      }
      return user;
    },

    async isUsernameAvailable(username: string): Promise<boolean> {
      return users.isUsernameAvailable(username);
    },

    async activate(token: string): Promise<UserRow> {
      const row = await consume('activation', token);
      const user = await users.getById(row.userId);
      if (user.status === 'active') return user;
      return users.update(user.id, { status: 'active', activatedAt: clock.now() });
    },

    /** Mails a new activation link to a pending account; silent otherwise (no account probing). */
    async resendActivation(email: string): Promise<void> {
      const user = await users.findByEmail(email);
      if (user?.status !== 'pending') return;
      sendLinkInBackground(user, 'activation');
    },

    /** Mails a reset link when the account exists; silent otherwise (no account probing). */
    async forgotPassword(email: string): Promise<void> {
      const user = await users.findByEmail(email);
      if (!user) return;
      sendLinkInBackground(user, 'reset');
    },

    /** Waits for the links still being mailed in the background (shutdown: before the database closes). */
    async drain(): Promise<void> {
      while (deliveries.size > 0) await Promise.allSettled([...deliveries]);
    },

    /** Sets the new password and signs out everywhere: whoever knew the old one is out. */
    async resetPassword(token: string, password: string): Promise<void> {
      const row = await consume('reset', token);
      const user = await users.getById(row.userId);
      const now = clock.now();
      await users.update(user.id, {
        passwordHash: await hashPassword(password),
        // The link reached the inbox, which is what activation proves.
        ...(user.status === 'pending' ? { status: 'active' as const, activatedAt: now } : {}),
      });
      await repo.useAllEmailTokens(user.id, 'reset', now);
      await deps.revokeAllSessions(user.id, 'password_reset');
    },
  };
}
export type RegistrationService = ReturnType<typeof createRegistrationService>;

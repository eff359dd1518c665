import type { AppConfig } from '../../config.js';
import type { Clock } from '../../platform/clock.js';
import { AppError } from '../../platform/errors.js';
import { hashToken, newId, newToken } from '../../platform/ids.js';
import type { BackgroundMail } from '../../platform/mail/background-mail.js';
import type { Mailer } from '../../platform/mail/mailer.js';
import type { UserRow, UsersService } from '../users/users.service.js';
import { authError } from './auth.errors.js';
import { assertPasswordPolicy, hashPassword } from './auth.passwords.js';
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

const isCode = (error: unknown, code: string) => error instanceof AppError && error.code === code;
const alreadyActive = () =>
  authError('AUTH_ALREADY_ACTIVE', 'This account is already active. Sign in with your email and password.');

/** Sign-up, activation and password reset: the flows that go through an emailed single-use link. */
export function createRegistrationService(deps: {
  repo: AuthRepository;
  users: UsersService;
  clock: Clock;
  mailer: Mailer;
  /** Mail that goes out after the answer (its failure is logged; nobody is waiting for it). */
  background: BackgroundMail;
  config: Pick<AppConfig, 'publicUrl'>;
  /** A reset password: sign out every session and end the account's guessing waits. */
  onPasswordReset: (user: UserRow) => Promise<unknown>;
}) {
  const { repo, users, clock, mailer, background } = deps;
  const link = (path: string) => `${deps.config.publicUrl}${path}`;

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
    const url = link(`${LINK_PATH[purpose]}?token=${encodeURIComponent(token)}`);
    await mailer.send({ template: purpose, to: user.email, data: { firstName: user.firstName, link: url } });
  }

  /**
   * Forgot, resend and sign-up answer before the link is stored and mailed: awaiting an SMTP round trip
   * (or its failure) only for addresses that have an account would tell a stranger which addresses do.
   */
  function sendLinkInBackground(user: UserRow, purpose: EmailTokenPurpose): void {
    background.run(purpose, () => sendLink(user, purpose));
  }

  /**
   * Someone signed up with the address of an existing account. A pending one gets a new activation link
   * (its owner may have lost the first); an active one is told, with the sign-in and reset links.
   */
  function mailExistingOwner(user: UserRow): void {
    if (user.status === 'pending') {
      sendLinkInBackground(user, 'activation');
      return;
    }
    background.run('sign-up-existing', () =>
      mailer.send({
        template: 'sign-up-existing',
        to: user.email,
        data: { firstName: user.firstName, signInLink: link('/sign-in'), resetLink: link('/forgot-password') },
      }),
    );
  }

  /** A usable link token (not consumed) or the 400 that says why it cannot be used. */
  async function usableToken(purpose: EmailTokenPurpose, token: string) {
    const row = await repo.findEmailToken(purpose, hashToken(token));
    if (!row) throw authError('AUTH_LINK_INVALID', 'This link is not valid.');
    if (row.usedAt) throw authError('AUTH_LINK_USED', 'This link was already used.');
    if (row.expiresAt.getTime() <= clock.now().getTime()) {
      throw authError('AUTH_LINK_EXPIRED', 'This link has expired. Ask for a new one.');
    }
    return row;
  }

  /** Marks a usable token used; a concurrent use of the same link loses. */
  async function use(row: { id: string }) {
    if (!(await repo.useEmailToken(row.id, clock.now()))) {
      throw authError('AUTH_LINK_USED', 'This link was already used.');
    }
  }

  return {
    /**
     * Creates a pending account and mails its activation link. An address that already has an account
     * gets the same answer (its owner is mailed instead), with the same work done (the password is hashed
     * either way), so the answer does not tell who has an account. A taken username is still reported:
     * availability is public anyway, and it is checked first so it cannot hint at the address.
     */
    async signUp(input: SignUpInput): Promise<void> {
      const email = input.email.trim().toLowerCase();
      assertPasswordPolicy(input.password, {
        email,
        username: input.username,
        firstName: input.firstName,
        lastName: input.lastName,
      });
      if (!(await users.isUsernameAvailable(input.username))) {
        throw authError.onField('username', 'USER_USERNAME_TAKEN', 'This username is taken.');
      }
      const passwordHash = await hashPassword(input.password);
      const existing = await users.findByEmail(email);
      if (existing) {
        mailExistingOwner(existing);
        return;
      }
      try {
        const user = await users.create({
          email,
          username: input.username,
          passwordHash,
          status: 'pending',
          firstName: input.firstName,
          lastName: input.lastName,
          referralCode: input.referralCode ?? null,
          tracking: input.tracking,
        });
        // A link that could not be mailed is not lost: signing up again, or "resend", mails a new one.
        sendLinkInBackground(user, 'activation');
      } catch (error) {
        // Another sign-up with this address won the race: its owner is told, the answer stays the same.
        if (!isCode(error, 'USER_EMAIL_TAKEN')) throw error;
        const raced = await users.findByEmail(email);
        if (raced) mailExistingOwner(raced);
      }
    },

    async isUsernameAvailable(username: string): Promise<boolean> {
      return users.isUsernameAvailable(username);
    },

    /**
     * Activates the account of the link. A link of an account that is already active (used before, expired,
     * or the account was activated another way) says so, so its owner signs in instead of asking for a new link.
     */
    async activate(token: string): Promise<UserRow> {
      const found = await repo.findEmailToken('activation', hashToken(token));
      if (found && (found.usedAt || found.expiresAt.getTime() <= clock.now().getTime())) {
        const owner = await users.findById(found.userId);
        if (owner?.status === 'active') throw alreadyActive();
      }
      const row = await usableToken('activation', token);
      await use(row);
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

    /**
     * Sets the new password and signs out everywhere: whoever knew the old one is out. A password the
     * rule refuses leaves the link usable for a better one.
     */
    async resetPassword(token: string, password: string): Promise<void> {
      const row = await usableToken('reset', token);
      const user = await users.getById(row.userId);
      assertPasswordPolicy(password, {
        email: user.email,
        username: user.username,
        firstName: user.firstName,
        lastName: user.lastName,
      });
      await use(row);
      const now = clock.now();
      await users.update(user.id, {
        passwordHash: await hashPassword(password),
        // The link reached the inbox, which is what activation proves.
        ...(user.status === 'pending' ? { status: 'active' as const, activatedAt: now } : {}),
      });
      await repo.useAllEmailTokens(user.id, 'reset', now);
      await deps.onPasswordReset(user);
    },
  };
}
export type RegistrationService = ReturnType<typeof createRegistrationService>;

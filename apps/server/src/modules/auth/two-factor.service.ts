import { randomInt } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import type { Clock } from '../../platform/clock.js';
import { hashToken, newId } from '../../platform/ids.js';
import type { UsersService } from '../users/users.service.js';
import { authError } from './auth.errors.js';
import { burnPasswordCheck, verifyPasswordHash } from './auth.passwords.js';
import type { AuthRepository } from './auth.repository.js';
import type { SignInThrottle } from './sign-in-throttle.js';

const ISSUER = 'TradeDesk';
const PERIOD = 30;
const RECOVERY_CODE_COUNT = 10;
// No 0/o/1/l: recovery codes get typed from paper.
const RECOVERY_ALPHABET = 'abcdefghijkmnpqrstuvwxyz23456789';

function totpFor(secret: string, label: string): TOTP {
  return new TOTP({
    issuer: ISSUER,
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD,
    secret: Secret.fromBase32(secret),
  });
}

function newRecoveryCode(): string {
  const pick = () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)];
  const part = () => Array.from({ length: 5 }, pick).join('');
  return `${part()}-${part()}`;
}

const normaliseRecoveryCode = (code: string) => code.toLowerCase().replace(/[\s-]/g, '');
const hashRecoveryCode = (code: string) => hashToken(`recovery:${normaliseRecoveryCode(code)}`);

/** TOTP second factor: setup with a QR code, confirmation, recovery codes, checks at login. */
export function createTwoFactorService(deps: {
  repo: AuthRepository;
  users: UsersService;
  clock: Clock;
  throttle: SignInThrottle;
}) {
  const { repo, users, clock, throttle } = deps;
  /** A signed-in call checking a code: limited per account like sign-in (a stolen session must not guess). */
  const attemptCode = (userId: string, check: () => Promise<boolean>) =>
    throttle.attemptCode(userId, check, { notify: false, recipient: async () => undefined });

  async function requirePassword(userId: string, password: string): Promise<void> {
    const user = await users.getById(userId);
    const ok = user.passwordHash ? await verifyPasswordHash(user.passwordHash, password) : false;
    if (!user.passwordHash) await burnPasswordCheck(password);
    if (!ok) throw authError.onField('password', 'AUTH_PASSWORD_INVALID', 'The password is incorrect.');
  }

  /** Accepts a TOTP code once per time step (replays fail), within one step of clock drift. */
  async function checkTotp(userId: string, secret: string, code: string): Promise<boolean> {
    const timestamp = clock.now().getTime();
    const delta = totpFor(secret, userId).validate({ token: code, timestamp, window: 1 });
    if (delta === null) return false;
    const step = TOTP.counter({ period: PERIOD, timestamp }) + delta;
    return repo.claimTotpStep(userId, step);
  }

  async function newRecoveryCodes(userId: string): Promise<string[]> {
    const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
    await repo.replaceRecoveryCodes(
      userId,
      codes.map((code) => ({ id: newId(), codeHash: hashRecoveryCode(code) })),
    );
    return codes;
  }

  async function setTwofaFlag(userId: string, twofa: boolean): Promise<void> {
    const user = await users.getById(userId);
    await users.update(userId, { privacy: { ...user.privacy, twofa } });
  }

  async function checkCode(userId: string, code: string): Promise<boolean> {
    const row = await repo.findTwoFactor(userId);
    if (!row?.confirmedAt) return false;
    const trimmed = code.trim();
    if (/^\d{6}$/.test(trimmed)) return checkTotp(userId, row.secret, trimmed);
    return repo.useRecoveryCode(userId, hashRecoveryCode(trimmed), clock.now());
  }

  return {
    /** The two_factor row is the truth; `users.privacy.twofa` mirrors it for the settings screen. */
    async isEnabled(userId: string): Promise<boolean> {
      return Boolean((await repo.findTwoFactor(userId))?.confirmedAt);
    },

    /** A TOTP code, or an unused recovery code (which is then used up). */
    checkCode,

    async setup(userId: string) {
      const existing = await repo.findTwoFactor(userId);
      if (existing?.confirmedAt) {
        throw authError('AUTH_2FA_ALREADY_ENABLED', 'Two-factor authentication is already on. Turn it off first.');
      }
      const user = await users.getById(userId);
      const secret = new Secret({ size: 20 }).base32;
      await repo.upsertPendingTwoFactor(userId, secret, clock.now());
      const otpauthUrl = totpFor(secret, user.email).toString();
      const qrCode = await QRCode.toDataURL(otpauthUrl, { errorCorrectionLevel: 'M', margin: 1, width: 240 });
      return { secret, otpauthUrl, qrCode };
    },

    async confirm(userId: string, code: string) {
      const row = await repo.findTwoFactor(userId);
      if (!row) throw authError('AUTH_2FA_NOT_STARTED', 'Start the two-factor setup first.');
      if (row.confirmedAt) throw authError('AUTH_2FA_ALREADY_ENABLED', 'Two-factor authentication is already on.');
      if (!(await attemptCode(userId, () => checkTotp(userId, row.secret, code)))) {
        throw authError.onField(
          'code',
          'AUTH_2FA_CODE_INVALID',
          'The authentication code does not match your authenticator app.',
        );
      }
      await repo.confirmTwoFactor(userId, clock.now());
      const recoveryCodes = await newRecoveryCodes(userId);
      await setTwofaFlag(userId, true);
      return { recoveryCodes };
    },

    async disable(userId: string, password: string, code: string) {
      if (!(await repo.findTwoFactor(userId))?.confirmedAt) {
        throw authError('AUTH_2FA_NOT_ENABLED', 'Two-factor authentication is not on.');
      }
      await requirePassword(userId, password);
      if (!(await attemptCode(userId, () => checkCode(userId, code)))) {
        throw authError.onField(
          'code',
          'AUTH_2FA_CODE_INVALID',
          'The authentication code is wrong or was already used.',
        );
      }
      await repo.deleteTwoFactor(userId);
      await setTwofaFlag(userId, false);
    },

    async regenerateRecoveryCodes(userId: string, password: string) {
      if (!(await repo.findTwoFactor(userId))?.confirmedAt) {
        throw authError('AUTH_2FA_NOT_ENABLED', 'Two-factor authentication is not on.');
      }
      await requirePassword(userId, password);
      return { recoveryCodes: await newRecoveryCodes(userId) };
    },
  };
}
export type TwoFactorService = ReturnType<typeof createTwoFactorService>;

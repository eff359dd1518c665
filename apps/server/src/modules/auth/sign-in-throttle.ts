import type { Clock } from '../../platform/clock.js';
import type { LimiterStore } from '../../platform/limits/limiter-store.js';
import type { BackgroundMail } from '../../platform/mail/background-mail.js';
import type { Mailer } from '../../platform/mail/mailer.js';
import { authError } from './auth.errors.js';
import { waitText } from './auth.rate-limit.js';

const MINUTE = 60_000;

/** The guessing limits of an account, whatever address the guesses come from. */
export const signInLimits = {
  /** Failures allowed before each further attempt has to wait. */
  freeFailures: 5,
  /** A run of failures below `freeFailures` is forgotten this long after its latest failure... */
  failureWindowMs: 15 * MINUTE,
  /** ...and once waits have begun, only this long after it (else waiting it out would free new guesses). */
  rememberMs: 24 * 60 * MINUTE,
  /** The wait after the `freeFailures`-th failure; it doubles with every further failure... */
  firstDelayMs: 30_000,
  /** ...up to this. The owner is never locked out for good: the wait ends, and a password reset clears it. */
  maxDelayMs: 15 * MINUTE,
  /** Distinct accounts one address may fail to sign in to within `addressWindowMs`. */
  accountsPerAddress: 10,
  addressWindowMs: 15 * MINUTE,
  /** The owner is mailed about failures at most this often. */
  noticeEveryMs: 60 * MINUTE,
};
export type SignInLimits = typeof signInLimits;

/** The wait after `failures` failures in a run (0 below the free ones). */
export function delayAfter(failures: number, limits: SignInLimits = signInLimits): number {
  if (failures < limits.freeFailures) return 0;
  return Math.min(limits.firstDelayMs * 2 ** (failures - limits.freeFailures), limits.maxDelayMs);
}

/** Who to tell about failures on an account (looked up only when a notice is due). */
export type Recipient = { email: string; firstName: string };

type Subject = { kind: 'password'; email: string } | { kind: 'code'; userId: string };

const keyOf = (s: Subject) => (s.kind === 'password' ? `signin-fail:${s.email}` : `2fa-fail:${s.userId}`);
const noticeKeyOf = (s: Subject) => `notice:${keyOf(s)}`;
const addressKey = (ip: string) => `signin-addr:${ip}`;
/** How long one guess may hold its account (a crashed process frees it after this). */
const LEASE_MS = 10_000;
const utcClock = (ms: number) => `${new Date(ms).toISOString().slice(11, 19)} UTC`;

/**
 * Per-account limits on password and two-factor guesses, counted across every address (and, with
 * Redis, every process), plus a cap on how many accounts one address may try. Keys use the email as
 * typed (normalised), so an unknown address is throttled exactly like a known one and the answers do
 * not tell them apart. With `enforce` off (RATE_LIMIT=false) nothing is refused, but failures are
 * still counted and the owner still told.
 */
export function createSignInThrottle(deps: {
  store: LimiterStore;
  clock: Clock;
  mailer: Mailer;
  background: BackgroundMail;
  publicUrl: string;
  enforce: boolean;
  limits?: SignInLimits;
  /** A limiter outage lets attempts through (and is logged) rather than failing every sign-in. */
  onStoreError: (error: unknown) => void;
}) {
  const { store, clock } = deps;
  const limits = deps.limits ?? signInLimits;
  const now = () => clock.now().getTime();

  async function safely<T>(fallback: T, run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (error) {
      deps.onStoreError(error);
      return fallback;
    }
  }

  function refuse(waitMs: number, sentence: string): never {
    const seconds = Math.max(1, Math.ceil(waitMs / 1000));
    const until = now() + seconds * 1000;
    throw authError(
      'RATE_LIMITED',
      sentence.replace('{wait}', `${waitText(seconds * 1000)} (after ${utcClock(until)})`),
      undefined,
      { 'retry-after': String(seconds) },
    );
  }

  /** The failures so far (0 when none are remembered); 429 while the wait after them runs. */
  async function failuresSoFar(subject: Subject, sentence: string, enforce: boolean): Promise<number> {
    const counter = await safely(null, () => store.peek(keyOf(subject)));
    if (!counter) return 0;
    const wait = counter.lastAt + delayAfter(counter.count, limits) - now();
    if (enforce && wait > 0) refuse(wait, sentence);
    return counter.count;
  }

  async function recordFailure(
    subject: Subject,
    before: number,
    recipient: () => Promise<Recipient | undefined>,
    notify: boolean,
  ) {
    const windowMs = delayAfter(before + 1, limits) > 0 ? limits.rememberMs : limits.failureWindowMs;
    const counter = await safely(null, () => store.hit(keyOf(subject), { windowMs, sliding: true }));
    if (!notify || !counter || counter.count < limits.freeFailures) return;
    deps.background.run('sign-in-failures', async () => {
      const to = await recipient();
      if (!to || !(await store.claim(noticeKeyOf(subject), { windowMs: limits.noticeEveryMs }))) return;
      await deps.mailer.send({
        template: 'sign-in-failures',
        to: to.email,
        data: {
          firstName: to.firstName,
          stage: subject.kind === 'password' ? 'password' : 'two_factor',
          attempts: counter.count,
          since: new Date(counter.firstAt).toISOString(),
          resetLink: `${deps.publicUrl}/forgot-password`,
        },
      });
    });
  }

  /**
   * Checks one guess under the account's limit. While a guess is being checked the account is held
   * (a short lease in the store), so a burst of parallel guesses cannot all slip in before the first
   * failure is counted: each account has at most one guess in flight.
   */
  async function attempt(
    subject: Subject,
    options: { check: () => Promise<boolean>; recipient: () => Promise<Recipient | undefined>; notify: boolean },
    sentence: string,
    before?: () => Promise<void>,
  ): Promise<boolean> {
    const lease = `busy:${keyOf(subject)}`;
    if (deps.enforce) {
      await before?.();
      if (!(await safely(true, () => store.claim(lease, { windowMs: LEASE_MS })))) {
        refuse(1000, 'Another attempt to sign in to this account is being checked. Try again in {wait}.');
      }
    }
    try {
      const before = await failuresSoFar(subject, sentence, deps.enforce);
      const ok = await options.check();
      if (ok) await safely(undefined, () => store.delete(keyOf(subject)));
      else await recordFailure(subject, before, options.recipient, options.notify);
      return ok;
    } finally {
      if (deps.enforce) await safely(undefined, () => store.delete(lease));
    }
  }

  return {
    /**
     * Checks a password under the account's limit (429 while its wait runs) and the address's cap on
     * accounts tried; a wrong one counts for both and may mail the owner, the right one ends the run.
     */
    async attemptPassword(
      email: string,
      ip: string,
      check: () => Promise<boolean>,
      recipient: () => Promise<Recipient | undefined>,
    ): Promise<boolean> {
      const subject: Subject = { kind: 'password', email };
      const ok = await attempt(
        subject,
        { check, recipient, notify: true },
        'Too many failed sign-in attempts on this account. Try again in {wait}, or reset your password.',
        async () => {
          const tried = await safely(null, () =>
            store.members(addressKey(ip), email, { windowMs: limits.addressWindowMs }),
          );
          if (tried && !tried.has && tried.size >= limits.accountsPerAddress) {
            refuse(
              (tried.oldestAt ?? now()) + limits.addressWindowMs - now(),
              'Too many different accounts failed to sign in from your network address. Try again in {wait}.',
            );
          }
        },
      );
      if (!ok) await safely(0, () => store.addMember(addressKey(ip), email, { windowMs: limits.addressWindowMs }));
      return ok;
    },

    /**
     * Checks a two-factor code (sign-in, confirm, disable) under the account's limit. `notify` at sign-in,
     * where wrong codes mean someone else knows the password.
     */
    async attemptCode(
      userId: string,
      check: () => Promise<boolean>,
      options: { notify: boolean; recipient: () => Promise<Recipient | undefined> },
    ): Promise<boolean> {
      return attempt(
        { kind: 'code', userId },
        { check, recipient: options.recipient, notify: options.notify },
        'Too many wrong two-factor codes on this account. Try again in {wait}.',
      );
    },

    /** A password reset proved the inbox: the account's waits end at once. */
    async forgetAccount(email: string, userId: string): Promise<void> {
      await safely(undefined, () => store.delete(keyOf({ kind: 'password', email }), keyOf({ kind: 'code', userId })));
    },
  };
}
export type SignInThrottle = ReturnType<typeof createSignInThrottle>;

/** The key the throttle counts an email under: as users.findByEmail compares it. */
export const throttleEmail = (email: string) => email.trim().toLowerCase();

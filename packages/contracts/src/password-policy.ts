import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary } from '@zxcvbn-ts/language-common';

/**
 * The password rule of NIST SP 800-63B: a length of 8 to 128, nothing common or easy to guess, and not
 * built from the account's own email address or username. No composition rules (a letter, a digit...).
 * Server and web share it; the dictionary is large, so the web loads this module only when a password
 * is being chosen (`import('@tradedesk/contracts/password-policy')`), never on the sign-in page.
 */

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
/** zxcvbn scores below this (fewer than ~10^6 guesses: lists of leaked passwords, "aaaaaaaa") are refused. */
export const PASSWORD_MIN_SCORE = 2;
/** Shorter email local parts and usernames are only a hint to the estimator, not a refusal. */
const MIN_IDENTIFIER_LENGTH = 4;

export type PasswordContext = { email?: string; username?: string; firstName?: string; lastName?: string };
export type PasswordScore = 0 | 1 | 2 | 3 | 4;
export type PasswordAssessment = {
  /** zxcvbn's 0-4, capped at 1 when the rule refuses the password. */
  score: PasswordScore;
  label: 'Too short' | 'Too easy to guess' | 'Fair' | 'Good' | 'Strong';
  /** The sentence that says why the rule refuses the password, or null when it is accepted. */
  problem: string | null;
};

export const passwordProblems = {
  tooShort: `The password must be at least ${PASSWORD_MIN_LENGTH} characters long.`,
  tooLong: `The password must be at most ${PASSWORD_MAX_LENGTH} characters long.`,
  containsIdentity: 'The password must not contain your email address or username.',
  fromName: 'The password must not be built from your name, email address or username.',
  common: 'The password is too common or too easy to guess. Choose a less common password.',
} as const;

let estimator: ZxcvbnFactory | undefined;
function zxcvbn(): ZxcvbnFactory {
  estimator ??= new ZxcvbnFactory({ dictionary, graphs: adjacencyGraphs });
  return estimator;
}

function identifiers(context: PasswordContext): string[] {
  const email = context.email?.trim().toLowerCase() ?? '';
  const local = email.split('@')[0] ?? '';
  const words = [email, local, local.split('+')[0] ?? '', context.username?.trim().toLowerCase() ?? ''];
  return [...new Set(words)].filter((w) => w.length >= MIN_IDENTIFIER_LENGTH);
}

function userInputs(context: PasswordContext): string[] {
  const words = [context.email, context.email?.split('@')[0], context.username, context.firstName, context.lastName];
  return words.filter((w): w is string => typeof w === 'string' && w.trim().length > 0).map((w) => w.trim());
}

const labels = { 2: 'Fair', 3: 'Good', 4: 'Strong' } as const;

/** Scores a password for the strength meter and says why the rule refuses it, if it does. */
export function assessPassword(password: string, context: PasswordContext = {}): PasswordAssessment {
  if (password.length < PASSWORD_MIN_LENGTH)
    return { score: 0, label: 'Too short', problem: passwordProblems.tooShort };
  if (password.length > PASSWORD_MAX_LENGTH) {
    return { score: 0, label: 'Too easy to guess', problem: passwordProblems.tooLong };
  }
  const lower = password.toLowerCase();
  if (identifiers(context).some((word) => lower.includes(word))) {
    return { score: 0, label: 'Too easy to guess', problem: passwordProblems.containsIdentity };
  }
  const result = zxcvbn().check(password, userInputs(context));
  if (result.score < PASSWORD_MIN_SCORE) {
    const fromName = result.sequence.some((m) => m.pattern === 'dictionary' && m.dictionaryName === 'userInputs');
    return {
      score: result.score,
      label: 'Too easy to guess',
      problem: fromName ? passwordProblems.fromName : passwordProblems.common,
    };
  }
  const score = result.score as 2 | 3 | 4;
  return { score, label: labels[score], problem: null };
}

/** The rule alone: the sentence saying why `password` is refused, or null when it is accepted. */
export function checkPasswordPolicy(password: string, context: PasswordContext = {}): string | null {
  return assessPassword(password, context).problem;
}

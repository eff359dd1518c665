import { describe, expect, it } from 'vitest';
import { assessPassword, checkPasswordPolicy, passwordProblems } from './password-policy.js';

const ada = {
  email: 'ada.lovelace+news@example.com',
  username: 'countess_ada',
  firstName: 'Ada',
  lastName: 'Lovelace',
};

describe('checkPasswordPolicy', () => {
  it.each([
    ['too short', 'Ab3$xyz', {}, passwordProblems.tooShort],
    ['too long', 'x'.repeat(129), {}, passwordProblems.tooLong],
    ['on the common-password list', 'password1', {}, passwordProblems.common],
    ['a keyboard walk', 'qwertyuiop', {}, passwordProblems.common],
    ['a repeat', 'aaaaaaaaaaaa', {}, passwordProblems.common],
    ['a sequence with a common word', 'abcd1234', {}, passwordProblems.common],
    ['the username inside, any case', 'My-Countess_Ada-1815', ada, passwordProblems.containsIdentity],
    ['the email local part inside', 'xx-ada.lovelace+news-xx', ada, passwordProblems.containsIdentity],
    ['the local part before +tag inside', 'Sunny-ada.lovelace-2026', ada, passwordProblems.containsIdentity],
    ['the whole email', 'ada.lovelace+news@example.com', ada, passwordProblems.containsIdentity],
    ['the name and a year', 'Lovelace1815', ada, passwordProblems.fromName],
  ])('refuses a password %s', (_case, password, context, problem) => {
    expect(checkPasswordPolicy(password, context)).toBe(problem);
  });

  it.each([
    ['a long passphrase of letters only (no composition rules)', 'correct horse battery staple'],
    ['mixed words and digits', 'Velvet-Orbit-73'],
    ['exactly 8 characters that are hard to guess', 'q7#Vm2!z'],
    ['128 characters', `${'Velvet-Orbit-73'.repeat(8)}abcdefgh`],
    ['a short username only hints (not refused for containing it)', 'Canada-Harbour-2026'],
  ])('accepts %s', (_case, password) => {
    expect(checkPasswordPolicy(password, { username: 'ada', email: 'ada@example.com' })).toBeNull();
  });
});

describe('assessPassword', () => {
  it('labels a refused password by why, and an accepted one by its zxcvbn score', () => {
    expect(assessPassword('short')).toEqual({ score: 0, label: 'Too short', problem: passwordProblems.tooShort });
    expect(assessPassword('password1')).toMatchObject({ label: 'Too easy to guess', problem: passwordProblems.common });
    expect(assessPassword('Tr0ub4dor&Horse!')).toEqual({ score: 4, label: 'Strong', problem: null });
    const accepted = assessPassword('Guess1234');
    expect(accepted.problem).toBeNull();
    expect(accepted.score).toBeGreaterThanOrEqual(2);
  });
});

export type PasswordStrength = { score: 0 | 1 | 2 | 3 | 4; label: 'Too short' | 'Weak' | 'Fair' | 'Good' | 'Strong' };

const labels = ['Too short', 'Weak', 'Fair', 'Good', 'Strong'] as const;

/**
 * A rough guide shown while typing: length and variety of characters, with common patterns
 * (repeats, sequences) pulling it down. The server's policy (8+ chars, a letter and a digit) decides.
 */
export function passwordStrength(password: string): PasswordStrength {
  if (password.length < 8) return { score: 0, label: labels[0] };
  const classes = [/[a-z]/, /[A-Z]/, /\d/, /[^A-Za-z0-9]/].filter((r) => r.test(password)).length;
  let points = classes;
  if (password.length >= 12) points += 1;
  if (password.length >= 16) points += 1;
  if (/(.)\1{2,}/.test(password) || /(0123|1234|2345|3456|abcd|qwer|password)/i.test(password)) points -= 2;
  const score = Math.max(1, Math.min(4, points - 1)) as PasswordStrength['score'];
  return { score, label: labels[score] };
}

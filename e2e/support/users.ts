import { randomBytes } from 'node:crypto';

export type TestUser = {
  firstName: string;
  lastName: string;
  username: string;
  email: string;
  password: string;
};

/** A user no other test (or earlier run against the same database) has: names are random per call. */
export function uniqueUser(label = 'user'): TestUser {
  const id = randomBytes(5).toString('hex');
  const tag =
    label
      .toLowerCase()
      .replace(/[^a-z0-9]/g, '')
      .slice(0, 12) || 'user';
  return {
    firstName: 'Ada',
    lastName: `Tester ${tag}`,
    username: `e2e_${tag}_${id}`,
    email: `e2e-${tag}-${id}@example.com`,
    password: `Trade-${id}-2026`,
  };
}

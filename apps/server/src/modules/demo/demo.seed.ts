import type { FastifyBaseLogger } from 'fastify';
import type { UsersService } from '../users/users.service.js';

/** The demo sign-in printed in the README. */
export const DEMO_USER = {
  email: 'demo@tradedesk.local',
  password: 'DemoTrader2026',
  username: 'demo',
  firstName: 'Demo',
  lastName: 'Trader',
} as const;

/**
 * On first start with an empty database, creates an active demo user so a newcomer can sign in at once.
 * Later modules add their demo data behind the same check.
 */
export async function seedDemoData(deps: {
  users: UsersService;
  hashPassword: (password: string) => Promise<string>;
  now: () => Date;
  log: FastifyBaseLogger;
}): Promise<boolean> {
  if ((await deps.users.count()) > 0) return false;
  try {
    await deps.users.create({
      email: DEMO_USER.email,
      username: DEMO_USER.username,
      firstName: DEMO_USER.firstName,
      lastName: DEMO_USER.lastName,
      passwordHash: await deps.hashPassword(DEMO_USER.password),
      status: 'active',
      activatedAt: deps.now(),
    });
  } catch (error) {
    // Another process seeding the same empty database at the same moment won the race.
    if (await deps.users.findByEmail(DEMO_USER.email)) return false;
    throw error;
  }
  deps.log.info(`demo user created: ${DEMO_USER.email}`);
  return true;
}

import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { signUpAndLogin } from '../../../test/auth-helpers.js';
import { createTestApp } from '../../../test/helpers.js';
import type { BuildOptions } from '../../app.js';
import { caller } from '../billing/partners/partners.test-kit.js';
import { users } from '../users/users.table.js';

/** Signs up a user and stores `role` for them. */
export async function userWithRole(app: FastifyInstance, role: 'user' | 'staff' | 'admin', names = {}) {
  const user = await signUpAndLogin(app, names);
  if (role !== 'user') await app.ctx.db.update(users).set({ role }).where(eq(users.id, user.userId));
  return user;
}

/**
 * A test app without the optional areas (the staff routes are always mounted), with an admin, a staff member and
 * an ordinary user signed in.
 */
export async function staffTestApp(build: BuildOptions = {}) {
  const { app } = await createTestApp({
    build: {
      withoutAi: true,
      withoutSocial: true,
      withoutCommunities: true,
      withoutBilling: true,
      withoutHelpCenter: true,
      ...build,
    },
  });
  const [admin, staff, user] = [
    await userWithRole(app, 'admin'),
    await userWithRole(app, 'staff'),
    await userWithRole(app, 'user'),
  ];
  return { app, admin, staff, user, call: caller(app) };
}

export { caller };

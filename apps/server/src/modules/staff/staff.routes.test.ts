import type { StaffAuditList, StaffUserDetail, StaffUserList } from '@tradedesk/contracts';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import type { SignedInUser } from '../../../test/auth-helpers.js';
import { type caller, staffTestApp, userWithRole } from './staff.test-kit.js';

let app: FastifyInstance;
let admin: SignedInUser;
let staff: SignedInUser;
let user: SignedInUser;
let call: ReturnType<typeof caller>;

beforeAll(async () => {
  ({ app, admin, staff, user, call } = await staffTestApp());
});

describe('staff routes', () => {
  it('answer the caller’s role', async () => {
    expect((await call(user, 'GET', '/staff/me')).json()).toEqual({ role: 'user', isStaff: false, isAdmin: false });
    expect((await call(staff, 'GET', '/staff/me')).json()).toEqual({ role: 'staff', isStaff: true, isAdmin: false });
    expect((await call(admin, 'GET', '/staff/me')).json()).toEqual({ role: 'admin', isStaff: true, isAdmin: true });
  });

  it('refuse a normal user with 403 STAFF_ONLY and a signed-out caller with 401', async () => {
    for (const url of ['/staff/users', `/staff/users/${staff.userId}`, '/staff/audit']) {
      const refused = await call(user, 'GET', url);
      expect(refused.statusCode, url).toBe(403);
      expect(refused.json()).toMatchObject({ code: 'STAFF_ONLY', message: 'Only staff can do this.' });
      expect((await call(null, 'GET', url)).statusCode, url).toBe(401);
    }
  });

  it('look users up by e-mail, username or name, paged', async () => {
    const named = await userWithRole(app, 'user', { firstName: 'Zebulon', lastName: 'Quist' });
    const byName = (await call(staff, 'GET', '/staff/users?q=zebulon%20qu')).json() as StaffUserList;
    expect(byName.items.map((u) => u.id)).toEqual([named.userId]);
    expect(byName.items[0]).toMatchObject({
      email: named.email,
      name: 'Zebulon Quist',
      status: 'active',
      role: 'user',
    });
    const byEmail = (await call(staff, 'GET', `/staff/users?q=${named.email.toUpperCase()}`)).json() as StaffUserList;
    expect(byEmail.total).toBe(1);
    const byUsername = (await call(staff, 'GET', `/staff/users?q=${named.username}`)).json() as StaffUserList;
    expect(byUsername.items[0]?.id).toBe(named.userId);
    const paged = (await call(staff, 'GET', '/staff/users?limit=2&page=2')).json() as StaffUserList;
    expect(paged).toMatchObject({ page: 2, limit: 2 });
    expect(paged.total).toBeGreaterThanOrEqual(4);
    expect(paged.items).toHaveLength(2);
    expect((await call(staff, 'GET', '/staff/users?q=%25')).json()).toMatchObject({ total: 0 });
    const bad = await call(staff, 'GET', '/staff/users?limit=500');
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('limit must be a whole number from 1 to 100.');
  });

  it('show one user with plan, trading accounts and last sign-in; an unknown id is 404', async () => {
    const detail = (await call(staff, 'GET', `/staff/users/${user.userId}`)).json() as StaffUserDetail;
    expect(detail).toMatchObject({ id: user.userId, email: user.email, role: 'user', plan: { id: 'free' } });
    expect(detail.tradingAccounts).toBeGreaterThanOrEqual(0);
    expect(detail.lastSignInAt).not.toBeNull();
    const missing = await call(staff, 'GET', '/staff/users/00000000-0000-4000-8000-000000000000');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ code: 'STAFF_USER_NOT_FOUND', message: 'No account has this id.' });
  });

  it('let only an admin change a role, never their own, and audit the change', async () => {
    const target = await userWithRole(app, 'user');
    const byStaff = await call(staff, 'PUT', `/staff/users/${target.userId}/role`, { role: 'staff' });
    expect(byStaff.statusCode).toBe(403);
    expect(byStaff.json()).toMatchObject({ code: 'STAFF_ADMIN_ONLY' });
    const own = await call(admin, 'PUT', `/staff/users/${admin.userId}/role`, { role: 'user' });
    expect(own.statusCode).toBe(409);
    const bad = await call(admin, 'PUT', `/staff/users/${target.userId}/role`, { role: 'owner' });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('role must be user, staff or admin.');

    const granted = await call(admin, 'PUT', `/staff/users/${target.userId}/role`, { role: 'staff' });
    expect(granted.statusCode, granted.body).toBe(200);
    expect(granted.json()).toMatchObject({ role: 'staff' });
    expect((await call(target, 'GET', '/staff/me')).json()).toMatchObject({ isStaff: true });

    const audit = (await call(staff, 'GET', `/staff/audit?action=user.role&target_id=${target.userId}`)).json();
    expect((audit as StaffAuditList).items).toEqual([
      expect.objectContaining({
        actorId: admin.userId,
        actorEmail: admin.email,
        targetKind: 'user',
        summary: `Changed the role of ${target.email} from user to staff.`,
      }),
    ]);
  });
});

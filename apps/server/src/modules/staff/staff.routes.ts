import {
  errorBodySchema,
  idParamsSchema,
  staffAuditListSchema,
  staffAuditQuerySchema,
  staffMeSchema,
  staffRoleBodySchema,
  staffUserDetailSchema,
  staffUserListSchema,
  staffUsersQuerySchema,
} from '@tradedesk/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf } from '../../platform/auth/guard.js';
import type { StaffAccess } from './staff.access.js';
import type { StaffAudit } from './staff.audit.js';
import type { StaffUsers } from './staff.users.js';

const tags = ['staff'];
export const staffOnlyResponse = { 403: errorBodySchema.describe('The caller is not staff (STAFF_ONLY)') };
export const adminOnlyResponse = { 403: errorBodySchema.describe('The caller is not an admin (STAFF_ADMIN_ONLY)') };
const userNotFoundResponse = { 404: errorBodySchema.describe('No account has this id (STAFF_USER_NOT_FOUND)') };

/** The staff console's own calls (issue 18, item 5). Each area's staff routes live with the area. Mount under /api. */
export function staffRoutes(deps: {
  access: StaffAccess;
  audit: StaffAudit;
  users: StaffUsers;
}): FastifyPluginAsyncZod {
  const { access, audit, users } = deps;
  return async (app) => {
    app.get(
      '/staff/me',
      {
        preHandler: app.authenticate,
        schema: {
          tags,
          summary: 'The caller’s role: user, staff or admin (the web shows the staff console to staff)',
          response: { 200: staffMeSchema },
        },
      },
      async (request) => {
        const role = await access.roleOf(authOf(request).userId);
        return { role, isStaff: role !== 'user', isAdmin: role === 'admin' };
      },
    );

    app.get(
      '/staff/audit',
      {
        preHandler: app.authenticate,
        schema: {
          tags,
          summary: 'The audit log of staff actions, newest first (staff only)',
          querystring: staffAuditQuerySchema,
          response: { 200: staffAuditListSchema, ...staffOnlyResponse },
        },
      },
      async (request) => {
        await access.requireStaff(authOf(request).userId);
        return audit.list(request.query);
      },
    );

    app.get(
      '/staff/users',
      {
        preHandler: app.authenticate,
        schema: {
          tags,
          summary: 'Accounts whose e-mail, username or name contains q, newest first (staff only)',
          querystring: staffUsersQuerySchema,
          response: { 200: staffUserListSchema, ...staffOnlyResponse },
        },
      },
      async (request) => {
        await access.requireStaff(authOf(request).userId);
        return users.search(request.query);
      },
    );

    app.get(
      '/staff/users/:id',
      {
        preHandler: app.authenticate,
        schema: {
          tags,
          summary: 'One account: profile, status, role, plan, trading accounts and last sign-in (staff only)',
          params: idParamsSchema,
          response: { 200: staffUserDetailSchema, ...staffOnlyResponse, ...userNotFoundResponse },
        },
      },
      async (request) => {
        await access.requireStaff(authOf(request).userId);
        return users.detail(request.params.id);
      },
    );

    app.put(
      '/staff/users/:id/role',
      {
        preHandler: app.authenticate,
        schema: {
          tags,
          summary: 'Sets an account’s role: user, staff or admin (admins only; never your own)',
          params: idParamsSchema,
          body: staffRoleBodySchema,
          response: {
            200: staffUserDetailSchema,
            ...adminOnlyResponse,
            ...userNotFoundResponse,
            409: errorBodySchema.describe('The caller’s own account (STAFF_OWN_ROLE)'),
          },
        },
      },
      async (request) => {
        const actorId = authOf(request).userId;
        await access.requireAdmin(actorId);
        return users.setRole(actorId, request.params.id, request.body.role);
      },
    );
  };
}

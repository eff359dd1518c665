import { errorBodySchema, staffAuditListSchema, staffAuditQuerySchema, staffMeSchema } from '@tradedesk/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf } from '../../platform/auth/guard.js';
import type { StaffAccess } from './staff.access.js';
import type { StaffAudit } from './staff.audit.js';

const tags = ['staff'];
export const staffOnlyResponse = { 403: errorBodySchema.describe('The caller is not staff (STAFF_ONLY)') };

/** The staff console's own calls (issue 18, item 5). Each area's staff routes live with the area. Mount under /api. */
export function staffRoutes(deps: { access: StaffAccess; audit: StaffAudit }): FastifyPluginAsyncZod {
  const { access, audit } = deps;
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
  };
}

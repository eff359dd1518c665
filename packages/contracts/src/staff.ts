import { z } from 'zod';
import { wholeNumber } from './query.js';
import { line } from './text.js';

/**
 * Staff (issue 18, item 5). `users.role` is user, staff or admin: granted by an operator with
 * `tradedesk staff grant EMAIL [--admin]` or STAFF_EMAILS at start. Staff answer tickets, triage bugs and features,
 * publish announcements and moderate; admins also edit plans, add-ons and coupons and change other users' roles.
 * Every staff action is written to the audit log. Staff routes answer 403 to everyone else.
 */
export const USER_ROLES = ['user', 'staff', 'admin'] as const;
export type UserRole = (typeof USER_ROLES)[number];

/** GET /staff/me: the caller's role (any signed-in user; the web shows the console entry to staff). */
export const staffMeSchema = z.object({
  role: z.enum(USER_ROLES),
  isStaff: z.boolean(),
  isAdmin: z.boolean(),
});
export type StaffMe = z.infer<typeof staffMeSchema>;

/** Page defaults of every staff list (page 1, 20 rows; at most 100). */
export const STAFF_PAGE_DEFAULTS = { page: 1, limit: 20 } as const;
export const STAFF_PAGE_MAX_LIMIT = 100;

/** page and limit of a staff list. */
export const staffPageQuerySchema = z.object({
  page: wholeNumber('page', 100_000).default(STAFF_PAGE_DEFAULTS.page),
  limit: wholeNumber('limit', STAFF_PAGE_MAX_LIMIT).default(STAFF_PAGE_DEFAULTS.limit),
});

/**
 * One staff action. `action` is `<area>.<verb>` (ticket.reply, bug.status, feature.merge, announcement.publish,
 * plan.update, coupon.add, affiliate.approve, moderation.hide, user.role, ...); `targetKind` and `targetId` name
 * what it was done to; `summary` is a sentence for people.
 */
export const staffAuditEntrySchema = z.object({
  id: z.uuid(),
  actorId: z.uuid().nullable(),
  actorEmail: z.string().nullable(),
  action: z.string(),
  targetKind: z.string(),
  targetId: z.string().nullable(),
  summary: z.string(),
  createdAt: z.string(),
});
export type StaffAuditEntry = z.infer<typeof staffAuditEntrySchema>;

/** GET /staff/audit?actor&action&target_kind&target_id&page&limit: newest first (query keys in snake_case). */
export const staffAuditQuerySchema = staffPageQuerySchema.extend({
  actor: z.uuid('actor must be a staff member’s id (a UUID).').optional(),
  action: line('action', 60).optional(),
  target_kind: line('target_kind', 40).optional(),
  target_id: line('target_id', 120).optional(),
});
export type StaffAuditQuery = z.infer<typeof staffAuditQuerySchema>;

export const staffAuditListSchema = z.object({
  items: z.array(staffAuditEntrySchema),
  page: z.number().int(),
  limit: z.number().int(),
  total: z.number().int(),
});
export type StaffAuditList = z.infer<typeof staffAuditListSchema>;

export const staffErrorCodes = ['STAFF_ONLY', 'STAFF_ADMIN_ONLY', 'STAFF_USER_NOT_FOUND', 'STAFF_OWN_ROLE'] as const;
export type StaffErrorCode = (typeof staffErrorCodes)[number];

/** GET /staff/users?q&page&limit: accounts whose e-mail, username or name contains `q`, newest first. */
export const staffUsersQuerySchema = staffPageQuerySchema.extend({
  q: line('q', 120).optional(),
});
export type StaffUsersQuery = z.infer<typeof staffUsersQuerySchema>;

/** One account in the staff user look-up. */
export const staffUserRowSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  username: z.string(),
  name: z.string(),
  status: z.enum(['pending', 'active']),
  role: z.enum(USER_ROLES),
  createdAt: z.string(),
});
export type StaffUserRow = z.infer<typeof staffUserRowSchema>;

export const staffUserListSchema = z.object({
  items: z.array(staffUserRowSchema),
  page: z.number().int(),
  limit: z.number().int(),
  total: z.number().int(),
});
export type StaffUserList = z.infer<typeof staffUserListSchema>;

/** GET /staff/users/{id}: the account with its plan, trading accounts and last sign-in (null when never). */
export const staffUserDetailSchema = staffUserRowSchema.extend({
  activatedAt: z.string().nullable(),
  lastSignInAt: z.string().nullable(),
  plan: z.object({ id: z.string(), name: z.string() }),
  tradingAccounts: z.number().int(),
});
export type StaffUserDetail = z.infer<typeof staffUserDetailSchema>;

/** PUT /staff/users/{id}/role (admins only). */
export const staffRoleBodySchema = z.object({
  role: z.enum(USER_ROLES, { error: 'role must be user, staff or admin.' }),
});
export type StaffRoleBody = z.infer<typeof staffRoleBodySchema>;

export const STAFF_USER_NOT_FOUND_MESSAGE = 'No account has this id.';

import { z } from 'zod';
import { REPORT_REASONS, REPORT_TARGET_KINDS, SOCIAL_PAGE_DEFAULTS, SOCIAL_PAGE_MAX_LIMIT } from './social.js';
import { line } from './text.js';

/**
 * The staff moderation queue (issue 15, item 7). Reports (`POST /posts/{id}/report` and the like) land in
 * `social_reports`, one per reporter and item; once SOCIAL_REPORT_HIDE_THRESHOLD distinct people have open reports
 * on an item it is hidden automatically, pending review. Staff (users whose role is `staff`, granted with
 * `tradedesk staff grant <email>` or STAFF_EMAILS) list the queue grouped per item and hide, restore, warn the owner
 * or dismiss the reports; anyone else gets 403 "Only staff can moderate.".
 */

export const MODERATION_STATUSES = ['open', 'resolved', 'all'] as const;
/** How staff closed an item's reports. */
export const MODERATION_RESOLUTIONS = ['hidden', 'restored', 'warned', 'dismissed'] as const;
export type ModerationResolution = (typeof MODERATION_RESOLUTIONS)[number];
/** What happened to an item, newest last in its history: `auto_hide` is the threshold's hide. */
export const MODERATION_ACTIONS = ['auto_hide', 'hide', 'restore', 'warn', 'dismiss'] as const;
export type ModerationAction = (typeof MODERATION_ACTIONS)[number];

const wholeNumber = (name: string, max: number) =>
  z.coerce
    .number({ error: `${name} must be a whole number from 1 to ${max}.` })
    .int(`${name} must be a whole number from 1 to ${max}.`)
    .min(1, `${name} must be a whole number from 1 to ${max}.`)
    .max(max, `${name} must be a whole number from 1 to ${max}.`);

/** GET /moderation/reports?status&kind&page&limit: items with open reports by default, most reported first. */
export const moderationQueueQuerySchema = z.object({
  status: z
    .enum(MODERATION_STATUSES, { error: `status must be one of ${MODERATION_STATUSES.join(', ')}.` })
    .default('open'),
  kind: z.enum(REPORT_TARGET_KINDS, { error: `kind must be one of ${REPORT_TARGET_KINDS.join(', ')}.` }).optional(),
  page: wholeNumber('page', 100_000).default(SOCIAL_PAGE_DEFAULTS.page),
  limit: wholeNumber('limit', SOCIAL_PAGE_MAX_LIMIT).default(SOCIAL_PAGE_DEFAULTS.limit),
});
export type ModerationQueueQuery = z.infer<typeof moderationQueueQuerySchema>;

export const moderationTargetParamsSchema = z.object({
  kind: z.enum(REPORT_TARGET_KINDS, { error: `kind must be one of ${REPORT_TARGET_KINDS.join(', ')}.` }),
  targetId: z.uuid('targetId must be the reported item’s id (a UUID).'),
});
export type ModerationTargetParams = z.infer<typeof moderationTargetParamsSchema>;

/** POST .../warn: the reason the owner reads in their notification. */
export const moderationWarnBodySchema = z.strictObject({
  reason: line('reason', 500, { min: 1 }),
});
export type ModerationWarnBody = z.infer<typeof moderationWarnBodySchema>;

/** POST .../hide, /restore, /dismiss: an optional note kept in the item's history (not shown to the owner). */
export const moderationActionBodySchema = z
  .strictObject({ note: line('note', 500).optional() })
  .nullish()
  .transform((body) => body ?? {});
export type ModerationActionBody = z.infer<typeof moderationActionBodySchema>;

export const moderationReportSchema = z.object({
  id: z.uuid(),
  reporterId: z.uuid(),
  reason: z.enum(REPORT_REASONS),
  details: z.string().nullable(),
  status: z.enum(['open', 'resolved']),
  resolution: z.enum(MODERATION_RESOLUTIONS).nullable(),
  createdAt: z.string(),
});
export type ModerationReport = z.infer<typeof moderationReportSchema>;

export const moderationHistoryEntrySchema = z.object({
  action: z.enum(MODERATION_ACTIONS),
  /** The staff member; null for the automatic hide. */
  actorId: z.uuid().nullable(),
  note: z.string().nullable(),
  createdAt: z.string(),
});

/** One reported item of the queue with its reports. */
export const moderationItemSchema = z.object({
  kind: z.enum(REPORT_TARGET_KINDS),
  targetId: z.uuid(),
  /** Null when the item no longer exists (deleted by its owner). */
  target: z.object({ ownerId: z.uuid(), excerpt: z.string(), link: z.string().nullable() }).nullable(),
  /** Hidden by moderation now (automatically or by staff). */
  hidden: z.boolean(),
  /** Hidden by the threshold and not yet reviewed. */
  pendingReview: z.boolean(),
  openReports: z.number().int(),
  totalReports: z.number().int(),
  /** How many reports gave each reason (all of the item's reports). */
  reasons: z.record(z.string(), z.number().int()),
  firstReportedAt: z.string(),
  lastReportedAt: z.string(),
  /** The newest reports (at most 20). */
  reports: z.array(moderationReportSchema),
  history: z.array(moderationHistoryEntrySchema),
});
export type ModerationItem = z.infer<typeof moderationItemSchema>;

export const moderationQueueSchema = z.object({
  items: z.array(moderationItemSchema),
  page: z.number().int(),
  limit: z.number().int(),
  total: z.number().int(),
});
export type ModerationQueue = z.infer<typeof moderationQueueSchema>;

export const moderationErrorCodes = [
  'MODERATION_STAFF_ONLY',
  'MODERATION_TARGET_NOT_FOUND',
  'MODERATION_OWN_TARGET',
  'MODERATION_NOT_REPORTED',
] as const;
export type ModerationErrorCode = (typeof moderationErrorCodes)[number];

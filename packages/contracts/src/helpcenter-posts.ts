import { z } from 'zod';
import { helpPageQuerySchema } from './helpcenter.js';
import { line, multiline } from './text.js';

/**
 * Help-center posts (issue 18, items 2 and 4; spec section 3 "Help-center posts", section 7 "Feedback" and
 * "Help center"): bugs and feature requests filed by users, announcements, updates (the changelog) and tutorials
 * published by staff. One shape for every kind; the fields of other kinds are null. All paths under /api.
 *
 * Bugs: POST /helpcenter/bugs/create (JSON, or multipart with a `screenshot` file), POST /v1/bug (the same, as the
 *   in-app "Report a bug" sends it), GET /helpcenter/bugs?status&sort&search&page&limit, GET /helpcenter/bugs/{id},
 *   GET /{id}/comments, POST /{id}/comment, POST or DELETE /helpcenter/bugs/{bugId}/comment/{commentId} (update,
 *   delete), GET /{id}/activity, DELETE /{id} (its author or staff).
 * Features: POST /helpcenter/features/create, GET /helpcenter/features?status&sort&search&page&limit,
 *   GET /{id}, GET /{id}/comments, POST /{id}/comment, POST /{id}/vote {vote_type}, DELETE /{id}/vote,
 *   POST or DELETE /helpcenter/features/{postId}/comment/{commentId} (POST creates the comment with that id, a
 *   UUID the client chose, or updates it when it is already the caller's), GET /{id}/activity.
 * Announcements: GET /helpcenter/announcements, GET /{id}, /{id}/comments, /{id}/activity, POST /{id}/comment,
 *   POST or DELETE /helpcenter/announcements/{postId}/comment/{commentId}, and the form POST
 *   /helpcenter/announcements/{postId}/comment/{commentId}/update (application/x-www-form-urlencoded, field
 *   `comment`).
 * Updates (the changelog): GET /helpcenter/updates, GET /{id}, GET /{id}/comments, POST or DELETE
 *   /helpcenter/updates/{postId}/comment/{commentId}.
 * Tutorials: POST /helpcenter/tutorials/create (staff), GET /helpcenter/tutorials, GET /helpcenter/tutorials/{id}.
 * Likes: GET on the `likeUrl` / `unlikeUrl` each item carries (idempotent: a second like does not count twice).
 * Quick feedback: POST /v1/feedback.
 * Staff (403 for everyone else): PUT /staff/helpcenter/bugs/{id}/status, PUT /staff/helpcenter/features/{id}/status,
 *   POST /staff/helpcenter/features/{id}/merge {intoId}, POST /staff/helpcenter/{announcements|updates}
 *   (publish), PUT and DELETE /staff/helpcenter/posts/{id}, GET /staff/helpcenter/feedback.
 */

export const HELP_POST_KINDS = ['bug', 'feature', 'announcement', 'update', 'tutorial'] as const;
export type HelpPostKind = (typeof HELP_POST_KINDS)[number];

/** A bug's life: filed open; staff confirm, work on, fix or close it (closed also covers "cannot reproduce"). */
export const BUG_STATUSES = ['open', 'confirmed', 'in_progress', 'fixed', 'closed'] as const;
export type BugStatus = (typeof BUG_STATUSES)[number];

/** A feature request's life; `merged` is set by the merge (its votes moved to the survivor). */
export const FEATURE_STATUSES = ['under_review', 'planned', 'in_progress', 'done', 'declined', 'merged'] as const;
export type FeatureStatus = (typeof FEATURE_STATUSES)[number];
/** The feature list's status filter: all_requests (every open request, the default tab) or one status. */
export const FEATURE_FILTERS = ['all_requests', 'under_review', 'planned', 'in_progress', 'done', 'declined'] as const;

export const VOTE_TYPES = ['up', 'down'] as const;
export type VoteType = (typeof VOTE_TYPES)[number];

const sortOf = <const T extends readonly [string, ...string[]]>(values: T, fallback: T[number]) =>
  z.enum(values, { error: `sort must be one of ${values.join(', ')}.` }).default(fallback as never);

/** GET /helpcenter/bugs: status (one of BUG_STATUSES, or all), sort recent (default), oldest or comments. */
export const bugListQuerySchema = helpPageQuerySchema.extend({
  status: z
    .enum([...BUG_STATUSES, 'all'], { error: `status must be one of ${[...BUG_STATUSES, 'all'].join(', ')}.` })
    .default('all'),
  sort: sortOf(['recent', 'oldest', 'comments'] as const, 'recent'),
  search: line('search', 200).optional(),
  /** Only the caller's own reports. */
  mine: z
    .enum(['true', 'false'], { error: 'mine must be true or false.' })
    .transform((v) => v === 'true')
    .optional(),
});
export type BugListQuery = z.infer<typeof bugListQuerySchema>;

/** GET /helpcenter/features: status all_requests (default), sort votes (default) or recent. */
export const featureListQuerySchema = helpPageQuerySchema.extend({
  status: z
    .enum(FEATURE_FILTERS, { error: `status must be one of ${FEATURE_FILTERS.join(', ')}.` })
    .default('all_requests'),
  sort: sortOf(['votes', 'recent'] as const, 'votes'),
  search: line('search', 200).optional(),
});
export type FeatureListQuery = z.infer<typeof featureListQuerySchema>;

/** Announcements, updates and tutorials: newest first. */
export const helpPostListQuerySchema = helpPageQuerySchema.extend({ search: line('search', 200).optional() });
export type HelpPostListQuery = z.infer<typeof helpPostListQuerySchema>;

/**
 * What the app attaches to a bug on its own: its version, the page the user was on and the browser. The in-app
 * report fills them; a caller may leave them out.
 */
export const bugContextSchema = z.object({
  appVersion: line('appVersion', 40).optional(),
  page: line('page', 500).optional(),
  browser: line('browser', 300).optional(),
});

/** POST /helpcenter/bugs/create and POST /v1/bug (as JSON, or as multipart fields next to a `screenshot` file). */
export const bugCreateBodySchema = bugContextSchema.extend({
  title: line('Title', 140, { min: 3 }),
  description: multiline('Description', 10_000, { min: 10 }),
});
export type BugCreateBody = z.infer<typeof bugCreateBodySchema>;

/** POST /helpcenter/features/create. */
export const featureCreateBodySchema = z.strictObject({
  title: line('Title', 140, { min: 3 }),
  description: multiline('Description', 10_000, { min: 10 }),
});
export type FeatureCreateBody = z.infer<typeof featureCreateBodySchema>;

/** POST /helpcenter/features/{id}/vote. */
export const featureVoteBodySchema = z.object({
  vote_type: z.enum(VOTE_TYPES, { error: 'vote_type must be up or down.' }),
});
export type FeatureVoteBody = z.infer<typeof featureVoteBodySchema>;

/**
 * A comment's body: `content`, or `comment` as the announcement form sends it (spec section 3: comments carry
 * content or comment). Exactly one of them.
 */
export const helpCommentBodySchema = z
  .object({
    content: multiline('Comment', 5_000, { min: 1 }).optional(),
    comment: multiline('Comment', 5_000, { min: 1 }).optional(),
  })
  .refine((b) => (b.content ?? b.comment) !== undefined, { message: 'Comment is required.', path: ['content'] })
  .transform((b) => ({ content: (b.content ?? b.comment) as string }));
export type HelpCommentBody = z.infer<typeof helpCommentBodySchema>;

/** Staff: PUT /staff/helpcenter/{bugs|features}/{id}/status. The note is shown in the activity. */
export const helpStatusBodySchema = z.strictObject({
  status: line('Status', 40, { min: 1 }),
  note: multiline('Note', 2_000).optional(),
  /** A feature set to done: the update (changelog entry) that shipped it. */
  updateId: z.uuid('updateId must be an update’s id (a UUID).').optional(),
});
export type HelpStatusBody = z.infer<typeof helpStatusBodySchema>;

/** Staff: POST /staff/helpcenter/features/{id}/merge: this request is a duplicate of `intoId`. */
export const featureMergeBodySchema = z.strictObject({
  intoId: z.uuid('intoId must be the surviving request’s id (a UUID).'),
});

/** Staff: POST /staff/helpcenter/announcements and /updates, POST /helpcenter/tutorials/create; PUT .../posts/{id}. */
export const helpPublishBodySchema = z.strictObject({
  title: line('Title', 160, { min: 3 }),
  /** Plain text; the web keeps its line breaks and turns links into anchors. */
  body: multiline('Body', 50_000, { min: 1 }),
  /** Updates: the version shipped ("1.4.0"). */
  version: line('Version', 40).optional(),
  /** Updates: the feature requests it ships (they are set to done and link to it). */
  featureIds: z.array(z.uuid('featureIds must hold feature request ids (UUIDs).')).max(50).optional(),
  /** Tutorials: a video link (https). */
  videoUrl: z
    .url({ protocol: /^https$/, error: 'videoUrl must be an https link.' })
    .max(500)
    .optional(),
});
export type HelpPublishBody = z.infer<typeof helpPublishBodySchema>;

/** POST /v1/feedback: quick feedback from anywhere in the app. */
export const quickFeedbackBodySchema = bugContextSchema.extend({
  message: multiline('Feedback', 5_000, { min: 1 }),
  /** 1 (bad) to 5 (great). */
  rating: z.number().int().min(1, 'rating must be from 1 to 5.').max(5, 'rating must be from 1 to 5.').optional(),
});
export type QuickFeedbackBody = z.infer<typeof quickFeedbackBodySchema>;

export const helpPersonSchema = z.object({
  id: z.uuid().nullable(),
  /** "First Last", the username, or "Deleted user". */
  name: z.string(),
  avatarUrl: z.string().nullable(),
  /** Replies from staff are marked in the web. */
  isStaff: z.boolean(),
});
export type HelpPerson = z.infer<typeof helpPersonSchema>;

export const helpPostSchema = z.object({
  id: z.uuid(),
  kind: z.enum(HELP_POST_KINDS),
  title: z.string(),
  /** Plain text; the web keeps its line breaks and turns links into anchors. */
  body: z.string(),
  /** A bug's or feature's status; null for other kinds. */
  status: z.string().nullable(),
  author: helpPersonSchema,
  createdAt: z.string(),
  updatedAt: z.string(),
  commentCount: z.number().int(),
  likeCount: z.number().int(),
  liked: z.boolean(),
  /** GET these to like or unlike (absolute paths under /api). */
  likeUrl: z.string(),
  unlikeUrl: z.string(),
  /** The caller may delete it (its author, or staff). */
  canDelete: z.boolean(),
  /** Features: votes up and down, their difference, and the caller's vote. */
  votes: z
    .object({
      up: z.number().int(),
      down: z.number().int(),
      score: z.number().int(),
      mine: z.enum(VOTE_TYPES).nullable(),
    })
    .nullable(),
  /** Features merged as duplicates: the survivor. */
  mergedIntoId: z.uuid().nullable(),
  /** Features done: the update that shipped them. */
  changelogId: z.uuid().nullable(),
  /** Bugs, shown to the author and staff only (null to others): what the app attached, and the screenshot. */
  context: z
    .object({ appVersion: z.string().nullable(), page: z.string().nullable(), browser: z.string().nullable() })
    .nullable(),
  screenshotUrl: z.string().nullable(),
  /** Updates: the version; the feature requests shipped. */
  version: z.string().nullable(),
  featureIds: z.array(z.uuid()),
  /** Tutorials: the video link. */
  videoUrl: z.string().nullable(),
});
export type HelpPost = z.infer<typeof helpPostSchema>;

export const helpPostPageSchema = z.object({
  items: z.array(helpPostSchema),
  page: z.number().int(),
  limit: z.number().int(),
  total: z.number().int(),
});
export type HelpPostPage = z.infer<typeof helpPostPageSchema>;

export const helpCommentSchema = z.object({
  id: z.uuid(),
  postId: z.uuid(),
  author: helpPersonSchema,
  content: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** The caller wrote it (may edit and delete it); staff may delete any. */
  mine: z.boolean(),
  canDelete: z.boolean(),
});
export type HelpComment = z.infer<typeof helpCommentSchema>;
export const helpCommentPageSchema = z.object({
  items: z.array(helpCommentSchema),
  page: z.number().int(),
  limit: z.number().int(),
  total: z.number().int(),
});
export type HelpCommentPage = z.infer<typeof helpCommentPageSchema>;

/** What happened to a post, oldest first: filed, status changes, staff replies, merges, publication. */
export const HELP_ACTIVITY_KINDS = ['created', 'status', 'staff_reply', 'merged', 'edited', 'shipped'] as const;
export const helpActivitySchema = z.object({
  id: z.uuid(),
  kind: z.enum(HELP_ACTIVITY_KINDS),
  actor: helpPersonSchema,
  /** status: the old and the new status. */
  from: z.string().nullable(),
  to: z.string().nullable(),
  note: z.string().nullable(),
  createdAt: z.string(),
});
export type HelpActivity = z.infer<typeof helpActivitySchema>;
export const helpActivityListSchema = z.object({ items: z.array(helpActivitySchema) });

/** GET on a like URL: the post's like count and whether the caller likes it now. */
export const helpLikeResultSchema = z.object({ liked: z.boolean(), likeCount: z.number().int() });

export const quickFeedbackSchema = z.object({
  id: z.uuid(),
  message: z.string(),
  rating: z.number().int().nullable(),
  page: z.string().nullable(),
  author: helpPersonSchema,
  createdAt: z.string(),
});
export type QuickFeedback = z.infer<typeof quickFeedbackSchema>;
/** Staff: GET /staff/helpcenter/feedback?page&limit, newest first. */
export const quickFeedbackPageSchema = z.object({
  items: z.array(quickFeedbackSchema),
  page: z.number().int(),
  limit: z.number().int(),
  total: z.number().int(),
});
export type QuickFeedbackPage = z.infer<typeof quickFeedbackPageSchema>;

/** The screenshot of a bug: PNG, JPEG or WebP (read from the content), at most 5 MB. */
export const HELP_SCREENSHOT_MAX_BYTES = 5 * 1024 * 1024;
export const helpScreenshotTypes = ['image/png', 'image/jpeg', 'image/webp'] as const;

export const helpPostErrorCodes = [
  'HELP_POST_NOT_FOUND',
  'HELP_COMMENT_NOT_FOUND',
  'HELP_NOT_ALLOWED',
  'HELP_BAD_STATUS',
  'HELP_MERGE_INVALID',
  'HELP_SCREENSHOT_INVALID',
  'HELP_SCREENSHOT_TOO_LARGE',
  'HELP_UPLOAD_MALFORMED',
] as const;
export type HelpPostErrorCode = (typeof helpPostErrorCodes)[number];

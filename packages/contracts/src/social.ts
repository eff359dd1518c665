import { z } from 'zod';
import { line, multiline } from './text.js';

/**
 * Social: profiles, follows, follow requests, blocks, track records and reports (spec sections 3 "Profile", 6,
 * 7 "Community and social"). Wire: bodies and queries snake_case, answers camelCase.
 *
 * Who sees what (the profile's audience, set on the settings page public_profile as one choice):
 * - `visibility: 'everyone'` and `isPublic: true`: anyone signed in sees the profile, its posts and lists, and
 *   may follow at once;
 * - `isPublic: false` or `visibility: 'followers'`: a follow is a request the owner accepts or rejects; only
 *   accepted followers (and the owner) see posts, followers, following and the track record; everyone else gets
 *   the limited view (`limited: true`: name, avatar, counts and the follow button);
 * - `visibility: 'nobody'`: only the owner sees anything; others get the limited view and cannot follow.
 * - A block (either direction) ends the follows and requests between the two. The blocked user gets 404 for the
 *   blocker's profile, posts, comments and articles and cannot follow, mention, message or reply to them; the
 *   blocker sees the limited view with `relation.blocking` true (to unblock).
 */

export const SOCIAL_PAGE_DEFAULTS = { page: 1, limit: 10 } as const;
export const SOCIAL_PAGE_MAX_LIMIT = 50;

const pageNumber = (name: string, max: number) =>
  z.coerce
    .number({ error: `${name} must be a whole number from 1 to ${max}.` })
    .int(`${name} must be a whole number from 1 to ${max}.`)
    .min(1, `${name} must be a whole number from 1 to ${max}.`)
    .max(max, `${name} must be a whole number from 1 to ${max}.`);

/** `?page&limit` of the social lists: page 1 and size 10 by default (spec section 9). */
export const socialPageQuerySchema = z.object({
  page: pageNumber('page', 100_000).default(SOCIAL_PAGE_DEFAULTS.page),
  limit: pageNumber('limit', SOCIAL_PAGE_MAX_LIMIT).default(SOCIAL_PAGE_DEFAULTS.limit),
});
export type SocialPageQuery = z.infer<typeof socialPageQuerySchema>;

/** A page of a numbered list. */
export function socialPageSchema<T extends z.ZodType>(item: T) {
  return z.object({ items: z.array(item), page: z.number().int(), limit: z.number().int(), total: z.number().int() });
}

export const profileIdParamsSchema = z.object({ id: z.uuid('id must be a profile id (a UUID).') });
export const searchTermParamsSchema = z.object({ term: line('Search term', 60, { min: 1 }) });

/** How the caller relates to a profile. */
export const socialRelationSchema = z.object({
  self: z.boolean(),
  /** The caller follows them (accepted). */
  following: z.boolean(),
  /** They follow the caller. */
  followedBy: z.boolean(),
  /** The caller asked to follow and they have not answered. */
  requested: z.boolean(),
  /** They asked to follow the caller. */
  requestedMe: z.boolean(),
  /** The caller blocks them. */
  blocking: z.boolean(),
  /** Mutual follows: friends (the messenger's friends list). */
  friends: z.boolean(),
});
export type SocialRelation = z.infer<typeof socialRelationSchema>;

/** A person in a list (followers, following, requests, search, mentions). */
export const profileSummarySchema = z.object({
  id: z.uuid(),
  username: z.string(),
  /** First and last name, or the username when both are empty. */
  displayName: z.string(),
  /** URL path of the avatar, null when none. */
  avatarUrl: z.string().nullable(),
  isPublic: z.boolean(),
  /** The caller follows them (false for the caller). */
  following: z.boolean(),
});
export type ProfileSummary = z.infer<typeof profileSummarySchema>;
export const profileSummaryPageSchema = socialPageSchema(profileSummarySchema);
export type ProfileSummaryPage = z.infer<typeof profileSummaryPageSchema>;

/**
 * A published track record: the metrics engine's figures for one of the owner's accounts, computed when read
 * (never typed in). Money in the account's currency as numbers rounded to its minor unit.
 */
export const trackRecordSchema = z.object({
  accountId: z.uuid(),
  accountName: z.string(),
  /** virtual or prop (challenge) account, a connected broker account or imported history; `firm` and `phase` for a challenge. */
  accountKind: z.enum(['virtual', 'prop', 'connected', 'imported']),
  firm: z.string().nullable(),
  phase: z.string().nullable(),
  currency: z.string(),
  startingBalance: z.number(),
  balance: z.number(),
  netProfit: z.number(),
  /** Net profit over the starting balance, in percent. */
  returnPct: z.number(),
  trades: z.number().int(),
  winRate: z.number().nullable(),
  profitFactor: z.number().nullable(),
  /** The largest peak-to-trough fall of the balance, in percent. */
  maxDrawdownPct: z.number().nullable(),
  averageR: z.number().nullable(),
  since: z.string(),
  computedAt: z.string(),
  /** Always true: figures come from the engine (the "verified by TradeDesk" badge). */
  verified: z.literal(true),
});
export type TrackRecord = z.infer<typeof trackRecordSchema>;

/** The verified trade ideas of a profile: hit rate and average R of its closed ideas. */
export const verifiedIdeasStatsSchema = z.object({
  ideas: z.number().int(),
  open: z.number().int(),
  closed: z.number().int(),
  wins: z.number().int(),
  /** Wins over closed ideas in percent; null before the first closed idea. */
  hitRate: z.number().nullable(),
  /** Average R of the closed ideas that had a stop; null when none had one. */
  averageR: z.number().nullable(),
});
export type VerifiedIdeasStats = z.infer<typeof verifiedIdeasStatsSchema>;

/** GET /profile/{id}. `limited`: the caller sees only the name, avatar, counts and follow button. */
export const socialProfileSchema = profileSummarySchema.extend({
  biography: z.string(),
  url: z.string(),
  location: z.string(),
  visibility: z.enum(['everyone', 'followers', 'nobody']),
  bannerUrl: z.string().nullable(),
  joinedAt: z.string(),
  limited: z.boolean(),
  /** Whether the caller may follow (or ask to): false for self, blocked, `nobody` profiles, already following. */
  canFollow: z.boolean(),
  /** Whether the caller may message them (the messenger respects blocks). */
  canMessage: z.boolean(),
  relation: socialRelationSchema,
  counts: z.object({ followers: z.number().int(), following: z.number().int(), posts: z.number().int() }),
  /** Null when not published or when `limited`. */
  trackRecord: trackRecordSchema.nullable(),
  /** Null when `limited`. */
  verifiedIdeas: verifiedIdeasStatsSchema.nullable(),
  /** The profile's share link path (`/community/profile/{username}`). */
  shareUrl: z.string(),
});
export type SocialProfile = z.infer<typeof socialProfileSchema>;

/** POST /profile/{id}/follow: following at once (public profile) or a request waiting for an answer. */
export const followResultSchema = z.object({
  status: z.enum(['following', 'requested']),
  profile: socialProfileSchema,
});
export type FollowResult = z.infer<typeof followResultSchema>;

/** A follow request: incoming (GET /profile/requests) or outgoing (GET /profile/requests?direction=outgoing). */
export const followRequestSchema = z.object({ user: profileSummarySchema, createdAt: z.string() });
export const followRequestPageSchema = socialPageSchema(followRequestSchema);
export type FollowRequestPage = z.infer<typeof followRequestPageSchema>;
export const followRequestQuerySchema = socialPageQuerySchema.extend({
  direction: z.enum(['incoming', 'outgoing'], { error: 'direction must be incoming or outgoing.' }).default('incoming'),
});

/** PUT /profile/track-record: publish one of the caller's accounts (null: publish none). */
export const trackRecordBodySchema = z.strictObject({
  account_id: z.uuid('account_id must be one of your trading account ids (a UUID).').nullable(),
});
export type TrackRecordBody = z.infer<typeof trackRecordBodySchema>;

/** GET /customer/blocked: the people the caller blocks. */
export const blockedPageSchema = socialPageSchema(profileSummarySchema.extend({ blockedAt: z.string() }));

/** Trending topics (GET /profile/topics): `$SYMBOL` tags and `#hashtags` of the last 7 days' visible posts. */
export const topicSchema = z.object({
  tag: z.string(),
  kind: z.enum(['symbol', 'hashtag']),
  posts: z.number().int(),
});
export const topicPageSchema = socialPageSchema(topicSchema);
export type Topic = z.infer<typeof topicSchema>;

// ---- reports and moderation ----------------------------------------------------------------------

/** `comment` is a post's comment, `article_comment` an article's (their ids live in different tables). */
export const REPORT_TARGET_KINDS = ['post', 'comment', 'article', 'article_comment', 'message', 'profile'] as const;
export type ReportTargetKind = (typeof REPORT_TARGET_KINDS)[number];
export const REPORT_REASONS = [
  'spam',
  'harassment',
  'hate',
  'misinformation',
  'scam',
  'impersonation',
  'other',
] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

/** Body of every report call (`POST /posts/{id}/report`, comments, articles, messages, profiles). */
export const reportBodySchema = z.strictObject({
  reason: z.enum(REPORT_REASONS, {
    error: `reason must be one of ${REPORT_REASONS.join(', ')}.`,
  }),
  details: multiline('Details', 1000).optional(),
});
export type ReportBody = z.infer<typeof reportBodySchema>;

/** The answer to a report: recorded once per reporter and target (a second report updates the reason). */
export const reportResultSchema = z.object({
  id: z.uuid(),
  status: z.enum(['open', 'resolved']),
  createdAt: z.string(),
});
export type ReportResult = z.infer<typeof reportResultSchema>;

// ---- social notifications --------------------------------------------------------------------------

/** What a social notification is about (notification kind `social`, `data.type`); each has a switch. */
export const SOCIAL_NOTICE_TYPES = [
  'follow',
  'follow_request',
  'follow_accepted',
  'like',
  'comment',
  'mention',
  'repost',
  'message',
  'moderation',
  /** Communities: join requests and their answers, invites, moderator offers. */
  'community',
] as const;
export type SocialNoticeType = (typeof SOCIAL_NOTICE_TYPES)[number];

// ---- profiles slice: answers and error codes -----------------------------------------------------------

/** PUT /profile/track-record: the published track record as others see it (null: none published). */
export const trackRecordResultSchema = z.object({ trackRecord: trackRecordSchema.nullable() });
export type TrackRecordResult = z.infer<typeof trackRecordResultSchema>;

/** GET /profile/by-username/{username}: a profile by its username (case-insensitive). */
export const profileUsernameParamsSchema = z.object({ username: line('username', 60, { min: 1 }) });

export const socialProfileErrorCodes = [
  'SOCIAL_PROFILE_NOT_FOUND',
  'SOCIAL_PROFILE_PRIVATE',
  'SOCIAL_FOLLOW_SELF',
  'SOCIAL_FOLLOW_CLOSED',
  'SOCIAL_FOLLOW_BLOCKING',
  'SOCIAL_NOT_FOLLOWING',
  'SOCIAL_NOT_A_FOLLOWER',
  'SOCIAL_REQUEST_NOT_FOUND',
  'SOCIAL_BLOCK_SELF',
  'SOCIAL_NOT_BLOCKED',
  'SOCIAL_REPORT_SELF',
  'SOCIAL_TRACK_RECORD_ACCOUNT_NOT_FOUND',
] as const;
export type SocialProfileErrorCode = (typeof socialProfileErrorCodes)[number];

import { z } from 'zod';
import { profileSummarySchema, socialPageSchema } from './social.js';
import { line, multiline } from './text.js';

/**
 * Posts, comments, polls, attachments, verified trade ideas, the feed and bookmarks (spec sections 2 "new post",
 * "post modal", "bookmarks"; 3 "Post"; 7 "Community and social": Posts, Profile feed and bookmarks).
 *
 * Post text is rich text (the TipTap editor's HTML: p, br, strong, em, s, code, blockquote, ul, ol, li, a) or plain
 * text; the server sanitizes it (no scripts, no event handlers, only http(s) and in-app links) and finds in it
 * `@username` mentions (linked to the profile, notified) and `$SYMBOL` tags (catalogue tickers, linked to the
 * chart) and `#hashtags`. Paths: `/posts...` and `/profile/feed`, `/profile/bookmarks...`.
 */

export const POST_CONTENT_MAX = 5000;
export const COMMENT_CONTENT_MAX = 2000;
export const POST_MEDIA_MAX = 4;
export const POLL_OPTIONS_MIN = 2;
export const POLL_OPTIONS_MAX = 6;
export const POLL_DURATION_HOURS = { min: 1, max: 168, default: 24 } as const;
export const FEED_PAGE_LIMIT = 10;

export const POST_VISIBILITIES = ['public', 'community'] as const;
export type PostVisibility = (typeof POST_VISIBILITIES)[number];
/** Who may comment (reply access): Everyone by default. */
export const REPLY_ACCESS = ['everyone', 'followers', 'mentioned', 'nobody'] as const;
export type ReplyAccess = (typeof REPLY_ACCESS)[number];

export const postIdParamsSchema = z.object({ id: z.uuid('id must be a post id (a UUID).') });
export const commentParamsSchema = z.object({
  id: z.uuid('id must be a post id (a UUID).'),
  commentId: z.uuid('commentId must be a comment id (a UUID).'),
});

// ---- attachments -----------------------------------------------------------------------------------

/** An uploaded image (POST /posts/media, multipart field `file`): sniffed by its bytes, resized to fit 2048 px. */
export const postMediaSchema = z.object({
  id: z.uuid(),
  kind: z.enum(['image', 'gif']),
  url: z.string(),
  width: z.number().int(),
  height: z.number().int(),
});
export type PostMedia = z.infer<typeof postMediaSchema>;

/** A GIF from the configured provider or the offline set "Our favorites". */
export const gifSchema = z.object({
  id: z.string(),
  provider: z.string(),
  title: z.string(),
  url: z.string(),
  previewUrl: z.string(),
  width: z.number().int(),
  height: z.number().int(),
});
export type Gif = z.infer<typeof gifSchema>;
/** GET /posts/gifs?tab&q: tab favorites (Our favorites, the default) or search (q required). */
export const gifQuerySchema = z.object({
  tab: z.enum(['favorites', 'search'], { error: 'tab must be favorites or search.' }).default('favorites'),
  q: line('q', 60).optional(),
});
export const gifListSchema = z.object({ provider: z.string(), items: z.array(gifSchema) });
export type GifList = z.infer<typeof gifListSchema>;

/** A chart on a post: a snapshot image (uploaded media) or a live shared chart (the chart's public link). */
export const postChartBodySchema = z.discriminatedUnion(
  'kind',
  [
    z.strictObject({ kind: z.literal('snapshot'), media_id: z.uuid('chart.media_id must be an uploaded image id.') }),
    z.strictObject({ kind: z.literal('live'), chart_id: z.uuid('chart.chart_id must be one of your chart ids.') }),
  ],
  { error: 'chart.kind must be snapshot or live.' },
);
/**
 * A chart as read: `snapshot` carries url, width and height; `live` carries the public share token (`/shared/charts/
 * {token}` shows it live), symbol and timeframe. One object with optional fields rather than a union, so the
 * OpenAPI document can say it may be null.
 */
export const postChartSchema = z.object({
  kind: z.enum(['snapshot', 'live']),
  url: z.string().optional(),
  width: z.number().int().optional(),
  height: z.number().int().optional(),
  token: z.string().optional(),
  symbol: z.string().optional(),
  timeframe: z.string().optional(),
});
export type PostChart =
  | { kind: 'snapshot'; url: string; width: number; height: number }
  | { kind: 'live'; token: string; symbol: string; timeframe: string };

/** A trade attached to a post: an open or closed position, or a pending order, of the author's virtual or prop account. */
export const postTradeBodySchema = z
  .strictObject({
    account_id: z.uuid('trade.account_id must be one of your trading account ids.'),
    position_id: z.uuid('trade.position_id must be a position id of that account.').optional(),
    order_id: z.uuid('trade.order_id must be a pending order id of that account.').optional(),
  })
  .refine((t) => (t.position_id === undefined) !== (t.order_id === undefined), {
    message: 'trade must name either position_id or order_id.',
  });

/**
 * A verified trade idea: every figure read from the trading engine when the post is read (the live price while
 * open), never typed by the author. Once closed the post can be hidden but not deleted, and its figures never change.
 */
export const tradeIdeaSchema = z.object({
  verified: z.literal(true),
  accountKind: z.enum(['virtual', 'prop']),
  symbol: z.string(),
  digits: z.number().int(),
  side: z.enum(['buy', 'sell']),
  status: z.enum(['pending', 'open', 'closed', 'cancelled']),
  orderType: z.string(),
  entryPrice: z.number(),
  stopLoss: z.number().nullable(),
  takeProfit: z.number().nullable(),
  /** The last price while open, the exit when closed, null while pending. */
  currentPrice: z.number().nullable(),
  exitPrice: z.number().nullable(),
  openedAt: z.string().nullable(),
  closedAt: z.string().nullable(),
  /** Signed pips of the move, null while pending. */
  pips: z.number().nullable(),
  /** Pips over the pips risked by the first stop; null without a stop or while pending. */
  rMultiple: z.number().nullable(),
  /** Result as a percentage of the balance before the trade; null while pending. */
  percentOfBalance: z.number().nullable(),
  result: z.enum(['win', 'loss', 'breakeven']).nullable(),
});
export type TradeIdea = z.infer<typeof tradeIdeaSchema>;

// ---- polls -------------------------------------------------------------------------------------------

export const pollBodySchema = z.strictObject({
  question: line('Poll question', 200, { min: 1 }),
  options: z
    .array(line('Each poll option', 80, { min: 1 }))
    .min(POLL_OPTIONS_MIN, `The poll needs at least ${POLL_OPTIONS_MIN} options.`)
    .max(POLL_OPTIONS_MAX, `The poll may have at most ${POLL_OPTIONS_MAX} options.`)
    .refine((o) => new Set(o.map((x) => x.toLowerCase())).size === o.length, 'Poll options must all differ.'),
  duration_hours: z.coerce
    .number({ error: 'Poll duration must be a whole number of hours from 1 to 168.' })
    .int('Poll duration must be a whole number of hours from 1 to 168.')
    .min(POLL_DURATION_HOURS.min, 'Poll duration must be a whole number of hours from 1 to 168.')
    .max(POLL_DURATION_HOURS.max, 'Poll duration must be a whole number of hours from 1 to 168.')
    .default(POLL_DURATION_HOURS.default),
});

/** A poll as read: counts only after the caller voted, or once it closed (or for its author). */
export const pollSchema = z.object({
  question: z.string(),
  options: z.array(z.object({ id: z.string(), text: z.string(), votes: z.number().int().nullable() })),
  closesAt: z.string(),
  closed: z.boolean(),
  totalVotes: z.number().int().nullable(),
  /** The option the caller voted for, null when they have not. */
  myVote: z.string().nullable(),
});
export type Poll = z.infer<typeof pollSchema>;
/** POST /posts/{id}/vote. */
export const voteBodySchema = z.strictObject({ option_id: line('option_id', 20, { min: 1 }) });
/** GET /posts/{id}/vote-details: after voting or once closed. */
export const voteDetailsSchema = z.object({
  question: z.string(),
  totalVotes: z.number().int(),
  closed: z.boolean(),
  options: z.array(z.object({ id: z.string(), text: z.string(), votes: z.number().int(), percent: z.number() })),
  myVote: z.string().nullable(),
});
export type VoteDetails = z.infer<typeof voteDetailsSchema>;

// ---- posts --------------------------------------------------------------------------------------------

export const createPostBodySchema = z.strictObject({
  content: multiline('Post text', POST_CONTENT_MAX).default(''),
  visibility: z.enum(POST_VISIBILITIES, { error: 'visibility must be public or community.' }).default('public'),
  community_id: z.uuid('community_id must be a community id (a UUID).').optional(),
  reply_access: z
    .enum(REPLY_ACCESS, { error: `reply_access must be one of ${REPLY_ACCESS.join(', ')}.` })
    .default('everyone'),
  comments_closed: z.boolean({ error: 'comments_closed must be true or false.' }).default(false),
  media_ids: z
    .array(z.uuid('Each of media_ids must be an uploaded image id.'))
    .max(POST_MEDIA_MAX, `A post may carry at most ${POST_MEDIA_MAX} images.`)
    .default([]),
  gif: z
    .strictObject({ provider: line('gif.provider', 40, { min: 1 }), id: line('gif.id', 200, { min: 1 }) })
    .optional(),
  chart: postChartBodySchema.optional(),
  poll: pollBodySchema.optional(),
  trade: postTradeBodySchema.optional(),
});
export type CreatePostBody = z.infer<typeof createPostBodySchema>;

/** PUT /posts/{id}: text, reply access and comment control. A verified idea's trade and a poll never change. */
export const updatePostBodySchema = z.strictObject({
  content: multiline('Post text', POST_CONTENT_MAX).optional(),
  reply_access: z.enum(REPLY_ACCESS, { error: `reply_access must be one of ${REPLY_ACCESS.join(', ')}.` }).optional(),
  comments_closed: z.boolean({ error: 'comments_closed must be true or false.' }).optional(),
});
export type UpdatePostBody = z.infer<typeof updatePostBodySchema>;

const postBaseSchema = z.object({
  id: z.uuid(),
  author: profileSummarySchema,
  /** Sanitized HTML. */
  content: z.string(),
  createdAt: z.string(),
  editedAt: z.string().nullable(),
  pinned: z.boolean(),
  visibility: z.enum(POST_VISIBILITIES),
  communityId: z.uuid().nullable(),
  replyAccess: z.enum(REPLY_ACCESS),
  commentsClosed: z.boolean(),
  /** Hidden by its author (a closed idea cannot be deleted, only hidden); only the author still sees it. */
  hidden: z.boolean(),
  mentions: z.array(z.object({ id: z.uuid(), username: z.string() })),
  symbols: z.array(z.object({ ticker: z.string(), source: z.string() })),
  hashtags: z.array(z.string()),
  media: z.array(postMediaSchema),
  gif: gifSchema.nullable(),
  chart: postChartSchema.nullable(),
  poll: pollSchema.nullable(),
  trade: tradeIdeaSchema.nullable(),
  /** A repost of an article: its id, title and cover. */
  article: z.object({ id: z.uuid(), title: z.string(), coverUrl: z.string().nullable() }).nullable(),
  counts: z.object({ likes: z.number().int(), comments: z.number().int(), reposts: z.number().int() }),
  liked: z.boolean(),
  favorited: z.boolean(),
  bookmarked: z.boolean(),
  reposted: z.boolean(),
  /** The caller may comment (reply access, comment control, blocks). */
  canComment: z.boolean(),
  canEdit: z.boolean(),
  /** False for others' posts and for a verified idea whose trade closed. */
  canDelete: z.boolean(),
});
/** A post as read. A repost carries the original (null when it was deleted or the caller may not see it). */
export const postSchema = postBaseSchema.extend({
  repostOf: postBaseSchema.nullable(),
  isRepost: z.boolean(),
});
export type Post = z.infer<typeof postSchema>;

/** GET /posts/favorites/list, GET /profile/{id}/posts: numbered pages. */
export const postPageSchema = socialPageSchema(postSchema);
export type PostPage = z.infer<typeof postPageSchema>;

// ---- comments -------------------------------------------------------------------------------------

/** Comments are threaded one level: a reply names its parent (a top-level comment). */
export const createCommentBodySchema = z.strictObject({
  content: multiline('Comment', COMMENT_CONTENT_MAX, { min: 1 }),
  parent_id: z.uuid('parent_id must be a comment id of this post.').optional(),
});
export const updateCommentBodySchema = z.strictObject({
  content: multiline('Comment', COMMENT_CONTENT_MAX, { min: 1 }),
});

const commentBaseSchema = z.object({
  id: z.uuid(),
  postId: z.uuid(),
  parentId: z.uuid().nullable(),
  author: profileSummarySchema,
  /** Sanitized HTML (mentions and $SYMBOL tags linked). */
  content: z.string(),
  createdAt: z.string(),
  editedAt: z.string().nullable(),
  likes: z.number().int(),
  liked: z.boolean(),
  canEdit: z.boolean(),
  canDelete: z.boolean(),
});
/** A top-level comment carries its first 3 replies and their count (the rest through ?parent_id). */
export const commentSchema = commentBaseSchema.extend({
  replies: z.array(commentBaseSchema),
  replyCount: z.number().int(),
});
export type PostComment = z.infer<typeof commentSchema>;
export const commentListQuerySchema = z.object({
  parent_id: z.uuid('parent_id must be a comment id of this post.').optional(),
  page: z.coerce.number().int().min(1, 'page must be at least 1.').max(100_000).default(1),
  limit: z.coerce
    .number()
    .int()
    .min(1, 'limit must be from 1 to 50.')
    .max(50, 'limit must be from 1 to 50.')
    .default(10),
});
export const commentPageSchema = socialPageSchema(commentSchema);

// ---- feed ------------------------------------------------------------------------------------------------

export const FEED_FILTERS = ['people_you_follow', 'from_anyone'] as const;
export const FEED_SORTS = ['recent', 'top'] as const;
/** GET /profile/feed: keyset pages (send `nextCursor` back as `cursor`); no duplicates or gaps as posts arrive. */
export const feedQuerySchema = z.object({
  filter: z.enum(FEED_FILTERS, { error: 'filter must be people_you_follow or from_anyone.' }).default('from_anyone'),
  sort: z.enum(FEED_SORTS, { error: 'sort must be recent or top.' }).default('recent'),
  cursor: line('cursor', 200)
    .regex(/^[A-Za-z0-9_-]+$/, 'cursor must be the nextCursor of a previous answer.')
    .optional(),
  limit: z.coerce
    .number()
    .int()
    .min(1, 'limit must be from 1 to 50.')
    .max(50, 'limit must be from 1 to 50.')
    .default(FEED_PAGE_LIMIT),
});
export type FeedQuery = z.infer<typeof feedQuerySchema>;
export const feedPageSchema = z.object({ items: z.array(postSchema), nextCursor: z.string().nullable() });
export type FeedPage = z.infer<typeof feedPageSchema>;
/** GET /profile/feed/new?filter&since: how many posts the caller's feed gained after the post `since`. */
export const feedNewQuerySchema = z.object({
  filter: z.enum(FEED_FILTERS, { error: 'filter must be people_you_follow or from_anyone.' }).default('from_anyone'),
  since: z.uuid('since must be a post id (a UUID).'),
});
export const feedNewSchema = z.object({ count: z.number().int() });

/** WebSocket channel every signed-in client may subscribe to: FEED_POST_EVENT for each new public post. */
export const FEED_CHANNEL = 'feed';
export const FEED_POST_EVENT = 'feed.post';
/** A post of a private profile is announced without its ids (only its followers may know of it). */
export const feedPostEventSchema = z.object({
  postId: z.uuid().optional(),
  authorId: z.uuid().optional(),
  createdAt: z.string(),
});

// ---- bookmarks ---------------------------------------------------------------------------------------------

export const bookmarkFolderSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  count: z.number().int(),
  createdAt: z.string(),
});
export type BookmarkFolder = z.infer<typeof bookmarkFolderSchema>;
export const bookmarkFolderBodySchema = z.strictObject({ name: line('Folder name', 60, { min: 1 }) });
export const bookmarkFolderParamsSchema = z.object({ id: z.uuid('id must be a bookmark folder id (a UUID).') });
/** POST /profile/bookmarks: bookmark a post (into a folder, or none). PUT /profile/bookmarks/{postId} moves it. */
export const bookmarkBodySchema = z.strictObject({
  post_id: z.uuid('post_id must be a post id (a UUID).'),
  folder_id: z.uuid('folder_id must be one of your bookmark folder ids.').nullable().optional(),
});
export const moveBookmarkBodySchema = z.strictObject({
  folder_id: z.uuid('folder_id must be one of your bookmark folder ids.').nullable(),
});
export const bookmarkQuerySchema = z.object({
  folder_id: z.uuid('folder_id must be one of your bookmark folder ids.').optional(),
  page: z.coerce.number().int().min(1, 'page must be at least 1.').max(100_000).default(1),
  limit: z.coerce
    .number()
    .int()
    .min(1, 'limit must be from 1 to 50.')
    .max(50, 'limit must be from 1 to 50.')
    .default(10),
});
export const bookmarkSchema = z.object({ folderId: z.uuid().nullable(), createdAt: z.string(), post: postSchema });
export const bookmarkPageSchema = socialPageSchema(bookmarkSchema);
export type BookmarkPage = z.infer<typeof bookmarkPageSchema>;

// ---- errors of the posts slice -------------------------------------------------------------------------

export const postErrorCodes = [
  'POST_NOT_FOUND',
  'POST_COMMENT_NOT_FOUND',
  'POST_FORBIDDEN',
  'POST_EMPTY',
  'POST_INVALID_FIELD',
  'POST_COMMUNITY_UNAVAILABLE',
  'POST_LOCKED',
  'POST_ALREADY_REPOSTED',
  'POST_COMMENTS_CLOSED',
  'POST_REPLY_NOT_ALLOWED',
  'POST_POLL_NOT_FOUND',
  'POST_POLL_CLOSED',
  'POST_POLL_ALREADY_VOTED',
  'POST_POLL_RESULTS_HIDDEN',
  'POST_MEDIA_NOT_FOUND',
  'POST_UPLOAD_TYPE',
  'POST_UPLOAD_UNREADABLE',
  'POST_UPLOAD_MISSING',
  'POST_UPLOAD_TOO_LARGE',
  'POST_UPLOAD_MALFORMED',
  'POST_GIF_NOT_FOUND',
  'POST_GIF_UNAVAILABLE',
  'POST_CHART_NOT_FOUND',
] as const;
export type PostErrorCode = (typeof postErrorCodes)[number];
/** PUT/DELETE /profile/bookmarks/{postId}. */
export const bookmarkPostParamsSchema = z.object({ postId: z.uuid('postId must be a post id (a UUID).') });
/** GET /profile/bookmarks/folders: the caller's folders by name, with `unfiled`: bookmarks in no folder. */
export const bookmarkFolderListSchema = z.object({ items: z.array(bookmarkFolderSchema), unfiled: z.number().int() });
export type BookmarkFolderList = z.infer<typeof bookmarkFolderListSchema>;
export type Bookmark = z.infer<typeof bookmarkSchema>;

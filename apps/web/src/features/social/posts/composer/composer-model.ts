import {
  type CreatePostBody,
  createPostBodySchema,
  POLL_DURATION_HOURS,
  POLL_OPTIONS_MAX,
  POLL_OPTIONS_MIN,
  POST_MEDIA_MAX,
  type PostMedia,
  type PostVisibility,
  type ReplyAccess,
} from '@tradedesk/contracts';

export type ComposerTab = 'poll' | 'image' | 'gif' | 'chart' | 'trade';

export type ComposerState = {
  content: string;
  /** Public, or a community the caller belongs to (`communityId`). */
  visibility: PostVisibility;
  communityId: string | null;
  replyAccess: ReplyAccess;
  commentsClosed: boolean;
  poll: { question: string; options: string[]; durationHours: number } | null;
  media: PostMedia[];
  gif: { provider: string; id: string; url: string; title: string } | null;
  chart: { kind: 'live'; chartId: string; name: string } | { kind: 'snapshot'; media: PostMedia } | null;
  trade: { accountId: string; positionId?: string; orderId?: string; label: string } | null;
};

export const emptyComposer: ComposerState = {
  content: '',
  visibility: 'public',
  communityId: null,
  replyAccess: 'everyone',
  commentsClosed: false,
  poll: null,
  media: [],
  gif: null,
  chart: null,
  trade: null,
};

export const newPoll = () => ({ question: '', options: ['', ''], durationHours: POLL_DURATION_HOURS.default });

export type ComposerCheck = { ok: true; body: CreatePostBody } | { ok: false; errors: Record<string, string> };

/**
 * The request body of POST /posts from the composer, checked by the contracts' schema (the server checks the
 * same). Errors are keyed by the composer's field: content, poll.question, poll.options, poll.duration, media,
 * trade, community (a community post without its community), or `form` for a post with nothing in it.
 */
export function buildPostBody(state: ComposerState): ComposerCheck {
  const errors: Record<string, string> = {};
  const content = state.content.trim();
  const hasAttachment =
    state.poll !== null || state.media.length > 0 || state.gif !== null || state.chart !== null || state.trade !== null;
  if (!content && !hasAttachment) errors.form = 'Write something or add a poll, an image, a GIF, a chart or a trade.';
  if (state.media.length > POST_MEDIA_MAX) errors.media = `A post may carry at most ${POST_MEDIA_MAX} images.`;
  if (state.poll) {
    const filled = state.poll.options.map((o) => o.trim()).filter(Boolean);
    if (filled.length < POLL_OPTIONS_MIN)
      errors['poll.options'] = `The poll needs at least ${POLL_OPTIONS_MIN} options.`;
    if (state.poll.options.length > POLL_OPTIONS_MAX)
      errors['poll.options'] = `The poll may have at most ${POLL_OPTIONS_MAX} options.`;
  }
  if (state.visibility === 'community' && !state.communityId) errors.community = 'Choose the community to post in.';
  const draft = {
    content,
    visibility: state.visibility,
    ...(state.visibility === 'community' && state.communityId ? { community_id: state.communityId } : {}),
    reply_access: state.replyAccess,
    comments_closed: state.commentsClosed,
    media_ids: state.media.map((m) => m.id),
    ...(state.gif ? { gif: { provider: state.gif.provider, id: state.gif.id } } : {}),
    ...(state.chart
      ? {
          chart:
            state.chart.kind === 'live'
              ? { kind: 'live' as const, chart_id: state.chart.chartId }
              : { kind: 'snapshot' as const, media_id: state.chart.media.id },
        }
      : {}),
    ...(state.poll
      ? {
          poll: {
            question: state.poll.question.trim(),
            options: state.poll.options.map((o) => o.trim()).filter(Boolean),
            duration_hours: state.poll.durationHours,
          },
        }
      : {}),
    ...(state.trade
      ? {
          trade: {
            account_id: state.trade.accountId,
            ...(state.trade.positionId ? { position_id: state.trade.positionId } : {}),
            ...(state.trade.orderId ? { order_id: state.trade.orderId } : {}),
          },
        }
      : {}),
  };
  const parsed = createPostBodySchema.safeParse(draft);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const key = fieldOf(issue.path.map(String));
      errors[key] ??= issue.message;
    }
  }
  if (Object.keys(errors).length > 0 || !parsed.success) return { ok: false, errors };
  return { ok: true, body: parsed.data };
}

function fieldOf(path: string[]): string {
  const [head, next] = path;
  if (head === 'poll') {
    if (next === 'question') return 'poll.question';
    if (next === 'duration_hours') return 'poll.duration';
    return 'poll.options';
  }
  if (head === 'media_ids') return 'media';
  if (head === 'content') return 'content';
  if (head === 'trade' || head === 'chart' || head === 'gif') return head;
  if (head === 'community_id' || head === 'visibility') return 'community';
  return 'form';
}

import type {
  BugStatus,
  FeatureStatus,
  HelpActivity,
  HelpComment,
  HelpCommentPage,
  HelpPost,
  HelpPostKind,
  HelpPostPage,
  HelpPublishBody,
  QuickFeedback,
  QuickFeedbackBody,
  VoteType,
} from '@tradedesk/contracts';
import { api } from '../../../app/api';

/**
 * The help-center posts (contracts `helpcenter-posts.ts`): bugs, feature requests, announcements, updates and
 * tutorials, their comments, activity, votes and likes, quick feedback, and the staff calls that triage and
 * publish them. Bodies keep the contracts' camelCase keys (sent as JSON text, so the base query leaves them be).
 */

/** Where each kind lives under /api. */
export const POST_BASE: Record<HelpPostKind, string> = {
  bug: '/helpcenter/bugs',
  feature: '/helpcenter/features',
  announcement: '/helpcenter/announcements',
  update: '/helpcenter/updates',
  tutorial: '/helpcenter/tutorials',
};

/** Bugs, features and announcements have an activity log; updates and tutorials do not. */
export const HAS_ACTIVITY: ReadonlySet<HelpPostKind> = new Set(['bug', 'feature', 'announcement']);

function json(body: unknown) {
  return { body: JSON.stringify(body), headers: { 'content-type': 'application/json' } };
}

export type PostListArgs = {
  kind: HelpPostKind;
  page: number;
  limit: number;
  status?: string;
  sort?: string;
  search?: string;
};

export type BugDraft = {
  title: string;
  description: string;
  appVersion?: string;
  page?: string;
  browser?: string;
  screenshot?: File | null;
};

export type QuickFeedbackPage = { items: QuickFeedback[]; page: number; limit: number; total: number };

const TAGS = ['HelpPost', 'HelpPosts', 'HelpComments', 'HelpActivity', 'HelpFeedback'] as const;

function postTags(kind: HelpPostKind, id: string) {
  return [
    { type: 'HelpPost' as const, id },
    { type: 'HelpPosts' as const, id: kind },
    { type: 'HelpActivity' as const, id },
  ];
}

export const helpPostsApi = api.enhanceEndpoints({ addTagTypes: [...TAGS] }).injectEndpoints({
  endpoints: (build) => ({
    helpPosts: build.query<HelpPostPage, PostListArgs>({
      query: ({ kind, ...params }) => ({
        url: POST_BASE[kind],
        params: { ...params, search: params.search || undefined },
      }),
      providesTags: (_r, _e, { kind }) => [{ type: 'HelpPosts', id: kind }],
    }),
    helpPost: build.query<HelpPost, { kind: HelpPostKind; id: string }>({
      query: ({ kind, id }) => ({ url: `${POST_BASE[kind]}/${encodeURIComponent(id)}` }),
      providesTags: (_r, _e, { id }) => [{ type: 'HelpPost', id }],
    }),
    helpComments: build.query<HelpCommentPage, { kind: HelpPostKind; id: string; page: number }>({
      query: ({ kind, id, page }) => ({
        url: `${POST_BASE[kind]}/${encodeURIComponent(id)}/comments`,
        params: { page, limit: 50 },
      }),
      providesTags: (_r, _e, { id }) => [{ type: 'HelpComments', id }],
    }),
    helpActivity: build.query<{ items: HelpActivity[] }, { kind: HelpPostKind; id: string }>({
      query: ({ kind, id }) => ({ url: `${POST_BASE[kind]}/${encodeURIComponent(id)}/activity` }),
      providesTags: (_r, _e, { id }) => [{ type: 'HelpActivity', id }],
    }),
    /** Updates take comments only at a comment id the client picks; the others at POST /{id}/comment. */
    addHelpComment: build.mutation<HelpComment, { kind: HelpPostKind; postId: string; content: string }>({
      query: ({ kind, postId, content }) => ({
        url:
          kind === 'update'
            ? `${POST_BASE[kind]}/${encodeURIComponent(postId)}/comment/${crypto.randomUUID()}`
            : `${POST_BASE[kind]}/${encodeURIComponent(postId)}/comment`,
        method: 'POST',
        ...json({ content }),
      }),
      invalidatesTags: (_r, _e, { kind, postId }) => [{ type: 'HelpComments', id: postId }, ...postTags(kind, postId)],
    }),
    editHelpComment: build.mutation<
      HelpComment,
      { kind: HelpPostKind; postId: string; commentId: string; content: string }
    >({
      query: ({ kind, postId, commentId, content }) => ({
        url: `${POST_BASE[kind]}/${encodeURIComponent(postId)}/comment/${encodeURIComponent(commentId)}`,
        method: 'POST',
        ...json({ content }),
      }),
      invalidatesTags: (_r, _e, { postId }) => [{ type: 'HelpComments', id: postId }],
    }),
    deleteHelpComment: build.mutation<void, { kind: HelpPostKind; postId: string; commentId: string }>({
      query: ({ kind, postId, commentId }) => ({
        url: `${POST_BASE[kind]}/${encodeURIComponent(postId)}/comment/${encodeURIComponent(commentId)}`,
        method: 'DELETE',
      }),
      invalidatesTags: (_r, _e, { kind, postId }) => [{ type: 'HelpComments', id: postId }, ...postTags(kind, postId)],
    }),
    /** GET on the item's likeUrl or unlikeUrl (absolute paths under /api). */
    toggleHelpLike: build.mutation<{ liked: boolean; likeCount: number }, { post: HelpPost }>({
      query: ({ post }) => ({ url: (post.liked ? post.unlikeUrl : post.likeUrl).replace(/^\/api(?=\/)/, '') }),
      invalidatesTags: (_r, _e, { post }) => postTags(post.kind, post.id),
    }),
    /** The caller's vote: `up` or `down`, or null to withdraw it. */
    voteFeature: build.mutation<unknown, { id: string; vote: VoteType | null }>({
      query: ({ id, vote }) => ({
        url: `${POST_BASE.feature}/${encodeURIComponent(id)}/vote`,
        method: vote ? 'POST' : 'DELETE',
        ...(vote ? json({ vote_type: vote }) : {}),
      }),
      invalidatesTags: (_r, _e, { id }) => postTags('feature', id),
    }),
    createFeature: build.mutation<HelpPost, { title: string; description: string }>({
      query: (body) => ({ url: `${POST_BASE.feature}/create`, method: 'POST', ...json(body) }),
      invalidatesTags: [{ type: 'HelpPosts', id: 'feature' }],
    }),
    /** The in-app report (POST /v1/bug) or the help center's form (POST /helpcenter/bugs/create), multipart. */
    reportBug: build.mutation<HelpPost, { via: 'app' | 'helpcenter'; draft: BugDraft }>({
      query: ({ via, draft }) => {
        const form = new FormData();
        for (const key of ['title', 'description', 'appVersion', 'page', 'browser'] as const) {
          const value = draft[key];
          if (value) form.append(key, value);
        }
        if (draft.screenshot) form.append('screenshot', draft.screenshot, draft.screenshot.name);
        return { url: via === 'app' ? '/v1/bug' : `${POST_BASE.bug}/create`, method: 'POST', body: form };
      },
      invalidatesTags: [{ type: 'HelpPosts', id: 'bug' }],
    }),
    deleteBug: build.mutation<void, string>({
      query: (id) => ({ url: `${POST_BASE.bug}/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: (_r, _e, id) => postTags('bug', id),
    }),
    sendFeedback: build.mutation<unknown, QuickFeedbackBody>({
      query: (body) => ({ url: '/v1/feedback', method: 'POST', ...json(body) }),
      invalidatesTags: ['HelpFeedback'],
    }),

    // ---- staff -------------------------------------------------------------------------------------------------
    setHelpStatus: build.mutation<
      unknown,
      { kind: 'bug' | 'feature'; id: string; status: BugStatus | FeatureStatus; note?: string; updateId?: string }
    >({
      query: ({ kind, id, ...body }) => ({
        url: `/staff/helpcenter/${kind === 'bug' ? 'bugs' : 'features'}/${encodeURIComponent(id)}/status`,
        method: 'PUT',
        ...json(body),
      }),
      invalidatesTags: (_r, _e, { kind, id }) => postTags(kind, id),
    }),
    mergeFeature: build.mutation<unknown, { id: string; intoId: string }>({
      query: ({ id, intoId }) => ({
        url: `/staff/helpcenter/features/${encodeURIComponent(id)}/merge`,
        method: 'POST',
        ...json({ intoId }),
      }),
      invalidatesTags: (_r, _e, { id, intoId }) => [...postTags('feature', id), ...postTags('feature', intoId)],
    }),
    publishHelpPost: build.mutation<HelpPost, { kind: 'announcement' | 'update' | 'tutorial'; body: HelpPublishBody }>({
      query: ({ kind, body }) => ({
        url: kind === 'tutorial' ? `${POST_BASE.tutorial}/create` : `/staff/helpcenter/${kind}s`,
        method: 'POST',
        ...json(body),
      }),
      // an update ships feature requests: their status changes too
      invalidatesTags: (_r, _e, { kind }) => [
        { type: 'HelpPosts', id: kind },
        { type: 'HelpPosts', id: 'feature' },
      ],
    }),
    editHelpPost: build.mutation<HelpPost, { kind: HelpPostKind; id: string; body: HelpPublishBody }>({
      query: ({ id, body }) => ({
        url: `/staff/helpcenter/posts/${encodeURIComponent(id)}`,
        method: 'PUT',
        ...json(body),
      }),
      invalidatesTags: (_r, _e, { kind, id }) => [...postTags(kind, id), { type: 'HelpPosts', id: 'feature' }],
    }),
    deleteHelpPost: build.mutation<void, { kind: HelpPostKind; id: string }>({
      query: ({ id }) => ({ url: `/staff/helpcenter/posts/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: (_r, _e, { kind, id }) => postTags(kind, id),
    }),
    quickFeedback: build.query<QuickFeedbackPage, { page: number; limit: number }>({
      query: (params) => ({ url: '/staff/helpcenter/feedback', params }),
      // the contracts leave the list's envelope open: a bare array is taken as one page
      transformResponse: (raw: QuickFeedbackPage | QuickFeedback[]) =>
        Array.isArray(raw) ? { items: raw, page: 1, limit: raw.length, total: raw.length } : raw,
      providesTags: ['HelpFeedback'],
    }),
  }),
});

export const {
  useHelpPostsQuery,
  useHelpPostQuery,
  useHelpCommentsQuery,
  useHelpActivityQuery,
  useAddHelpCommentMutation,
  useEditHelpCommentMutation,
  useDeleteHelpCommentMutation,
  useToggleHelpLikeMutation,
  useVoteFeatureMutation,
  useCreateFeatureMutation,
  useReportBugMutation,
  useDeleteBugMutation,
  useSendFeedbackMutation,
  useSetHelpStatusMutation,
  useMergeFeatureMutation,
  usePublishHelpPostMutation,
  useEditHelpPostMutation,
  useDeleteHelpPostMutation,
  useQuickFeedbackQuery,
} = helpPostsApi;

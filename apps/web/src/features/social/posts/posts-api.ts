import type {
  CreatePostBody,
  GifList,
  Post,
  PostComment,
  PostMedia,
  PostPage,
  ReportBody,
  ReportResult,
  UpdatePostBody,
  VoteDetails,
} from '@tradedesk/contracts';
import { api } from '../../../app/api';
import { markQuietEndpoints } from '../../../shared/api/quiet-endpoints';

export type CommentPage = { items: PostComment[]; page: number; limit: number; total: number };
export type CommentListArgs = { postId: string; parentId?: string; page?: number; limit?: number };

const enc = encodeURIComponent;

/**
 * Every list that shows a post names it by this tag, so a change to one post (like, vote, edit, pin) reloads
 * every list and modal that holds it; 'Posts' alone reloads the lists (a new or deleted post).
 */
export const postTag = (id: string) => ({ type: 'Post' as const, id });
export const postListTags = (posts: readonly Post[]) => [
  'Posts' as const,
  ...posts.flatMap((p) => (p.repostOf ? [postTag(p.id), postTag(p.repostOf.id)] : [postTag(p.id)])),
];

const touch = (_r: unknown, error: unknown, arg: string | { id: string }) =>
  error ? [] : [postTag(typeof arg === 'string' ? arg : arg.id)];
const touchAll = (_r: unknown, error: unknown) => (error ? [] : ['Posts' as const]);

/**
 * The posts routes (docs/api.md, "Posts"): posts, likes, favourites, reposts, pins, polls, comments, media
 * and GIFs. The server sanitizes text and computes every figure of a verified trade; the client only shows them.
 */
export const postsApi = api.enhanceEndpoints({ addTagTypes: ['Post', 'Posts', 'PostComments'] }).injectEndpoints({
  endpoints: (build) => ({
    socialPost: build.query<Post, string>({
      query: (id) => ({ url: `/posts/${enc(id)}` }),
      providesTags: (post, _e, id) => (post ? postListTags([post]) : [postTag(id)]),
    }),
    createPost: build.mutation<Post, CreatePostBody>({
      query: (body) => ({ url: '/posts', method: 'POST', body }),
      invalidatesTags: touchAll,
    }),
    updatePost: build.mutation<Post, { id: string; body: UpdatePostBody }>({
      query: ({ id, body }) => ({ url: `/posts/${enc(id)}`, method: 'PUT', body }),
      invalidatesTags: touch,
    }),
    deletePost: build.mutation<void, string>({
      query: (id) => ({ url: `/posts/${enc(id)}`, method: 'DELETE' }),
      transformResponse: () => undefined,
      invalidatesTags: touchAll,
    }),
    /** like, favorite, pin, hide, repost and their undoing: one POST / DELETE pair each. */
    postAction: build.mutation<unknown, { id: string; action: PostAction; on: boolean }>({
      query: ({ id, action, on }) => {
        const [method, path] = actionRoute(action, on);
        return { url: `/posts/${enc(id)}/${path}`, method };
      },
      invalidatesTags: (_r, error, { id, action }) =>
        error ? [] : action === 'repost' || action === 'pin' ? ['Posts', postTag(id)] : [postTag(id)],
    }),
    reportPost: build.mutation<ReportResult, { id: string; body: ReportBody }>({
      query: ({ id, body }) => ({ url: `/posts/${enc(id)}/report`, method: 'POST', body }),
    }),
    favoritePosts: build.query<PostPage, { page: number; limit?: number }>({
      query: ({ page, limit = 10 }) => ({ url: '/posts/favorites/list', params: { page, limit } }),
      providesTags: (r) => (r ? postListTags(r.items) : ['Posts']),
    }),
    profilePosts: build.query<PostPage, { profileId: string; page: number; limit?: number }>({
      query: ({ profileId, page, limit = 10 }) => ({
        url: `/profile/${enc(profileId)}/posts`,
        params: { page, limit },
      }),
      providesTags: (r) => (r ? postListTags(r.items) : ['Posts']),
    }),
    votePoll: build.mutation<unknown, { id: string; optionId: string }>({
      query: ({ id, optionId }) => ({ url: `/posts/${enc(id)}/vote`, method: 'POST', body: { option_id: optionId } }),
      invalidatesTags: (_r, error, { id }) => (error ? [] : [postTag(id), { type: 'Post', id: `votes-${id}` }]),
    }),
    voteDetails: build.query<VoteDetails, string>({
      query: (id) => ({ url: `/posts/${enc(id)}/vote-details` }),
      providesTags: (_r, _e, id) => [{ type: 'Post', id: `votes-${id}` }],
    }),
    postComments: build.query<CommentPage, CommentListArgs>({
      query: ({ postId, parentId, page = 1, limit = 10 }) => ({
        url: `/posts/${enc(postId)}/comments`,
        params: { page, limit, ...(parentId ? { parent_id: parentId } : {}) },
      }),
      providesTags: (_r, _e, { postId }) => [{ type: 'PostComments', id: postId }],
    }),
    createComment: build.mutation<PostComment, { postId: string; content: string; parentId?: string }>({
      query: ({ postId, content, parentId }) => ({
        url: `/posts/${enc(postId)}/comments`,
        method: 'POST',
        body: parentId ? { content, parent_id: parentId } : { content },
      }),
      invalidatesTags: (_r, error, { postId }) =>
        error ? [] : [{ type: 'PostComments', id: postId }, postTag(postId)],
    }),
    updateComment: build.mutation<PostComment, { postId: string; commentId: string; content: string }>({
      query: ({ postId, commentId, content }) => ({
        url: `/posts/${enc(postId)}/comments/${enc(commentId)}`,
        method: 'PUT',
        body: { content },
      }),
      invalidatesTags: (_r, error, { postId }) => (error ? [] : [{ type: 'PostComments', id: postId }]),
    }),
    deleteComment: build.mutation<void, { postId: string; commentId: string }>({
      query: ({ postId, commentId }) => ({ url: `/posts/${enc(postId)}/comments/${enc(commentId)}`, method: 'DELETE' }),
      transformResponse: () => undefined,
      invalidatesTags: (_r, error, { postId }) =>
        error ? [] : [{ type: 'PostComments', id: postId }, postTag(postId)],
    }),
    likeComment: build.mutation<unknown, { postId: string; commentId: string; on: boolean }>({
      query: ({ postId, commentId, on }) => ({
        url: `/posts/${enc(postId)}/comments/${enc(commentId)}/${on ? 'like' : 'unlike'}`,
        method: on ? 'POST' : 'DELETE',
      }),
      invalidatesTags: (_r, error, { postId }) => (error ? [] : [{ type: 'PostComments', id: postId }]),
    }),
    reportComment: build.mutation<ReportResult, { postId: string; commentId: string; body: ReportBody }>({
      query: ({ postId, commentId, body }) => ({
        url: `/posts/${enc(postId)}/comments/${enc(commentId)}/report`,
        method: 'POST',
        body,
      }),
    }),
    uploadPostMedia: build.mutation<PostMedia, File>({
      query: (file) => {
        const body = new FormData();
        body.append('file', file);
        return { url: '/posts/media', method: 'POST', body };
      },
    }),
    postGifs: build.query<GifList, { tab: 'favorites' | 'search'; q?: string }>({
      query: ({ tab, q }) => ({ url: '/posts/gifs', params: q ? { tab, q } : { tab } }),
    }),
  }),
});

export type PostAction = 'like' | 'favorite' | 'pin' | 'hide' | 'repost';

/** The spec's pairs: like/unlike, favorite/unfavorite, pin/unpin, hide/unhide, repost (DELETE repost undoes). */
export function actionRoute(action: PostAction, on: boolean): ['POST' | 'DELETE', string] {
  switch (action) {
    case 'like':
      return on ? ['POST', 'like'] : ['DELETE', 'unlike'];
    case 'favorite':
      return on ? ['POST', 'favorite'] : ['DELETE', 'unfavorite'];
    case 'pin':
      return on ? ['POST', 'pin'] : ['DELETE', 'unpin'];
    case 'hide':
      return on ? ['POST', 'hide'] : ['POST', 'unhide'];
    case 'repost':
      return on ? ['POST', 'repost'] : ['DELETE', 'repost'];
  }
}

// The composer and the modal show these failures in place.
markQuietEndpoints(
  'socialPost',
  'postComments',
  'voteDetails',
  'postGifs',
  'favoritePosts',
  'profilePosts',
  'createPost',
);

export const {
  useSocialPostQuery,
  useCreatePostMutation,
  useUpdatePostMutation,
  useDeletePostMutation,
  usePostActionMutation,
  useReportPostMutation,
  useFavoritePostsQuery,
  useProfilePostsQuery,
  useVotePollMutation,
  useVoteDetailsQuery,
  usePostCommentsQuery,
  useCreateCommentMutation,
  useUpdateCommentMutation,
  useDeleteCommentMutation,
  useLikeCommentMutation,
  useReportCommentMutation,
  useUploadPostMediaMutation,
  usePostGifsQuery,
} = postsApi;

import type {
  Article,
  ArticleComment,
  ArticleCommentPage,
  ArticleLike,
  ArticleMedia,
  ArticlePage,
  ArticleRepost,
  ArticleShare,
  ArticleTab,
  ReportBody,
  ReportResult,
  SharedArticle,
  UpdateArticleBody,
} from '@tradedesk/contracts';
import { api } from '../../../app/api';
import { markQuietEndpoints } from '../../../shared/api/quiet-endpoints';

export type ArticleListArgs = { tab: ArticleTab; search?: string; category?: string; page: number };

/** Articles under /community/articles (docs/api.md "Articles"). */
export const articlesApi = api.enhanceEndpoints({ addTagTypes: ['Articles', 'ArticleComments'] }).injectEndpoints({
  endpoints: (build) => ({
    articles: build.query<ArticlePage, ArticleListArgs>({
      query: ({ tab, search, category, page }) => ({
        url: '/community/articles',
        params: { tab, page, ...(search ? { search } : {}), ...(category ? { category } : {}) },
      }),
      providesTags: ['Articles'],
    }),
    article: build.query<Article, string>({
      query: (id) => ({ url: `/community/articles/${id}` }),
      providesTags: (_r, _e, id) => [{ type: 'Articles', id }],
    }),
    sharedArticle: build.query<SharedArticle, string>({
      query: (token) => ({ url: `/community/articles/shared/${encodeURIComponent(token)}` }),
    }),
    createArticle: build.mutation<Article, { title?: string }>({
      query: (body) => ({ url: '/community/articles', method: 'POST', body }),
      invalidatesTags: ['Articles'],
    }),
    updateArticle: build.mutation<Article, { id: string } & UpdateArticleBody>({
      query: ({ id, ...body }) => ({ url: `/community/articles/${id}`, method: 'PUT', body }),
      invalidatesTags: (_r, e, { id }) => (e ? [] : ['Articles', { type: 'Articles', id }]),
    }),
    deleteArticle: build.mutation<void, string>({
      query: (id) => ({ url: `/community/articles/${id}`, method: 'DELETE' }),
      transformResponse: () => undefined,
      invalidatesTags: (_r, e) => (e ? [] : ['Articles']),
    }),
    publishArticle: build.mutation<Article, string>({
      query: (id) => ({ url: `/community/articles/${id}/publish`, method: 'POST' }),
      invalidatesTags: (_r, e, id) => (e ? [] : ['Articles', { type: 'Articles', id }]),
    }),
    uploadArticleMedia: build.mutation<ArticleMedia, { id: string; file: File }>({
      query: ({ id, file }) => {
        const body = new FormData();
        body.append('file', file);
        return { url: `/community/articles/${id}/media`, method: 'POST', body };
      },
    }),
    likeArticle: build.mutation<ArticleLike, { id: string; like: boolean }>({
      query: ({ id, like }) => ({
        url: `/community/articles/${id}/${like ? 'like' : 'unlike'}`,
        method: like ? 'POST' : 'DELETE',
      }),
      async onQueryStarted({ id }, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (!data) return;
        dispatch(
          articlesApi.util.updateQueryData('article', id, (a) => {
            a.liked = data.liked;
            a.counts.likes = data.likes;
          }),
        );
      },
    }),
    shareArticle: build.mutation<ArticleShare, string>({
      query: (id) => ({ url: `/community/articles/${id}/share`, method: 'POST' }),
    }),
    repostArticle: build.mutation<ArticleRepost, string>({
      query: (id) => ({ url: `/community/articles/${id}/repost`, method: 'POST' }),
      invalidatesTags: (_r, e, id) => (e ? [] : [{ type: 'Articles', id }]),
    }),
    reportArticle: build.mutation<ReportResult, { id: string } & ReportBody>({
      query: ({ id, ...body }) => ({ url: `/community/articles/${id}/report`, method: 'POST', body }),
    }),
    /** Top-level comments with their first replies, or with `parentId` that comment's replies. */
    articleComments: build.query<ArticleCommentPage, { id: string; page: number; parentId?: string; limit?: number }>({
      query: ({ id, page, parentId, limit }) => ({
        url: `/community/articles/${id}/comments`,
        params: { page, limit: limit ?? 20, ...(parentId ? { parent_id: parentId } : {}) },
      }),
      providesTags: (_r, _e, { id }) => [{ type: 'ArticleComments', id }],
    }),
    addArticleComment: build.mutation<ArticleComment, { id: string; content: string; parentId?: string }>({
      query: ({ id, content, parentId }) => ({
        url: `/community/articles/${id}/comments`,
        method: 'POST',
        body: { content, ...(parentId ? { parent_id: parentId } : {}) },
      }),
      invalidatesTags: (_r, e, { id }) =>
        e
          ? []
          : [
              { type: 'ArticleComments', id },
              { type: 'Articles', id },
            ],
    }),
    reportArticleComment: build.mutation<ReportResult, { id: string; commentId: string; body: ReportBody }>({
      query: ({ id, commentId, body }) => ({
        url: `/community/articles/${id}/comments/${commentId}/report`,
        method: 'POST',
        body,
      }),
    }),
    editArticleComment: build.mutation<ArticleComment, { id: string; commentId: string; content: string }>({
      query: ({ id, commentId, content }) => ({
        url: `/community/articles/${id}/comments/${commentId}`,
        method: 'PUT',
        body: { content },
      }),
      invalidatesTags: (_r, e, { id }) => (e ? [] : [{ type: 'ArticleComments', id }]),
    }),
    deleteArticleComment: build.mutation<void, { id: string; commentId: string }>({
      query: ({ id, commentId }) => ({ url: `/community/articles/${id}/comments/${commentId}`, method: 'DELETE' }),
      transformResponse: () => undefined,
      invalidatesTags: (_r, e, { id }) =>
        e
          ? []
          : [
              { type: 'ArticleComments', id },
              { type: 'Articles', id },
            ],
    }),
  }),
});

// These screens show their own failures (error states, form messages).
markQuietEndpoints('articles', 'article', 'sharedArticle', 'updateArticle', 'publishArticle', 'uploadArticleMedia');

export const {
  useArticlesQuery,
  useArticleQuery,
  useSharedArticleQuery,
  useCreateArticleMutation,
  useUpdateArticleMutation,
  useDeleteArticleMutation,
  usePublishArticleMutation,
  useUploadArticleMediaMutation,
  useLikeArticleMutation,
  useShareArticleMutation,
  useRepostArticleMutation,
  useReportArticleMutation,
  useArticleCommentsQuery,
  useAddArticleCommentMutation,
  useReportArticleCommentMutation,
  useEditArticleCommentMutation,
  useDeleteArticleCommentMutation,
} = articlesApi;

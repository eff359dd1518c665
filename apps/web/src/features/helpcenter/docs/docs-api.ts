import type { HelpArticle, HelpArticleList, HelpCategoryList, HelpFaqList } from '@tradedesk/contracts';
import { api } from '../../../app/api';

/** The user guide's routes (packages/contracts/src/helpcenter-docs.ts). The guide changes only with a release. */
export const helpDocsApi = api.injectEndpoints({
  endpoints: (build) => ({
    helpArticles: build.query<HelpArticleList, void>({ query: () => ({ url: '/helpcenter/articles' }) }),
    helpArticle: build.query<HelpArticle, string>({
      query: (slug) => ({ url: `/helpcenter/articles/${encodeURIComponent(slug)}` }),
    }),
    helpFaqs: build.query<HelpFaqList, void>({ query: () => ({ url: '/helpcenter/faqs' }) }),
    helpCategories: build.query<HelpCategoryList, void>({ query: () => ({ url: '/helpcenter/categories' }) }),
  }),
});

export const { useHelpArticlesQuery, useHelpArticleQuery, useHelpFaqsQuery, useHelpCategoriesQuery } = helpDocsApi;

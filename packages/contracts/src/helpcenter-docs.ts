import { z } from 'zod';
import { line } from './text.js';

/**
 * The user guide of the help center (issue 18, "docs" tab): articles written in the repository's `docs/guide/`
 * (Markdown with front matter), the FAQ and the categories. All paths under /api, signed in; the guide's
 * screenshots are public.
 *
 * GET /helpcenter/articles?category&search, GET /helpcenter/articles/{slug} (sanitised HTML and its headings),
 * GET /helpcenter/faqs, GET /helpcenter/categories (with article counts), GET /helpcenter/images/{name}.
 * The search (GET /helpcenter/search) finds articles (`/help/docs/{slug}`) and FAQ entries (`/help/docs/faq#{id}`).
 */

/** A guide article's slug: lowercase letters, digits and dashes (its file name without `.md`). */
export const HELP_ARTICLE_SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
/** A guide image's name: letters, digits, dots, dashes and underscores, ending in .jpg, .jpeg, .png or .webp. */
export const HELP_IMAGE_NAME = /^[A-Za-z0-9][A-Za-z0-9_-]*(?:\.[A-Za-z0-9_-]+)*\.(?:jpe?g|png|webp)$/;

export const helpArticleListQuerySchema = z.object({
  category: line('category', 60).optional(),
  search: line('search', 200).optional(),
});
export type HelpArticleListQuery = z.infer<typeof helpArticleListQuerySchema>;

export const helpArticleSummarySchema = z.object({
  slug: z.string(),
  title: z.string(),
  /** The id of its category (GET /helpcenter/categories). */
  category: z.string(),
  summary: z.string(),
  /** Its place within the category, lowest first. */
  order: z.number(),
});
export type HelpArticleSummary = z.infer<typeof helpArticleSummarySchema>;

export const helpArticleListSchema = z.object({ articles: z.array(helpArticleSummarySchema) });
export type HelpArticleList = z.infer<typeof helpArticleListSchema>;

export const helpArticleHeadingSchema = z.object({
  /** The anchor of the heading in `html` (`id` attribute). */
  id: z.string(),
  text: z.string(),
  level: z.number().int().min(2).max(3),
});
export type HelpArticleHeading = z.infer<typeof helpArticleHeadingSchema>;

export const helpArticleSchema = helpArticleSummarySchema.extend({
  /** The article as sanitised HTML: links to other articles point at `/help/docs/{slug}`, images at the API. */
  html: z.string(),
  /** Its second- and third-level headings, in order (a table of contents). */
  headings: z.array(helpArticleHeadingSchema),
});
export type HelpArticle = z.infer<typeof helpArticleSchema>;

export const helpArticleParamsSchema = z.object({ slug: line('slug', 100, { min: 1 }) });
export const helpImageParamsSchema = z.object({ name: line('name', 100, { min: 1 }) });

export const helpFaqSchema = z.object({
  /** The anchor of the entry on the FAQ page (`/help/docs/faq#{id}`). */
  id: z.string(),
  question: z.string(),
  /** The answer as sanitised HTML. */
  answerHtml: z.string(),
});
export type HelpFaq = z.infer<typeof helpFaqSchema>;
export const helpFaqListSchema = z.object({ faqs: z.array(helpFaqSchema) });
export type HelpFaqList = z.infer<typeof helpFaqListSchema>;

export const helpCategorySchema = z.object({
  id: z.string(),
  title: z.string(),
  summary: z.string(),
  articleCount: z.number().int(),
});
export type HelpCategory = z.infer<typeof helpCategorySchema>;
export const helpCategoryListSchema = z.object({ categories: z.array(helpCategorySchema) });
export type HelpCategoryList = z.infer<typeof helpCategoryListSchema>;

export const helpDocsErrorCodes = ['HELP_ARTICLE_NOT_FOUND', 'HELP_IMAGE_NOT_FOUND'] as const;
export type HelpDocsErrorCode = (typeof helpDocsErrorCodes)[number];

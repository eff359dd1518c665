import { readFile } from 'node:fs/promises';
import { extname } from 'node:path';
import {
  errorBodySchema,
  type HelpArticleSummary,
  helpArticleListQuerySchema,
  helpArticleListSchema,
  helpArticleParamsSchema,
  helpArticleSchema,
  helpCategoryListSchema,
  helpFaqListSchema,
  helpImageParamsSchema,
} from '@tradedesk/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { helpDocsError } from './docs.errors.js';
import type { Guide, GuideArticle } from './docs.guide.js';

const tags = ['helpcenter'];
const imageTypes: Record<string, string> = {
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.png': 'image/png',
  '.webp': 'image/webp',
};
// Sent as a Buffer, which Fastify writes as is; the schema exists for the OpenAPI document.
const imageBytesSchema = z
  .custom<Buffer>((v) => Buffer.isBuffer(v))
  .meta({ type: 'string', format: 'binary', description: 'The image bytes' });

const summaryOf = ({ slug, title, category, summary, order }: GuideArticle): HelpArticleSummary => ({
  slug,
  title,
  category,
  summary,
  order,
});

/** The user guide: articles, FAQ, categories and screenshots (README "Help center"). Mount under /api. */
export function helpDocsRoutes(deps: { guide: Guide; articleSlugs(q: string): Set<string> }): FastifyPluginAsyncZod {
  const { guide } = deps;
  const bySlug = new Map(guide.articles.map((a) => [a.slug, a]));
  return async (app) => {
    app.get(
      '/helpcenter/articles',
      {
        preHandler: app.authenticate,
        schema: {
          tags,
          summary: 'The user guide’s articles, by category and order',
          description: '`category` keeps one category; `search` keeps the articles matching the words, in guide order.',
          querystring: helpArticleListQuerySchema,
          response: { 200: helpArticleListSchema, 400: errorBodySchema },
        },
      },
      async (request) => {
        const { category, search } = request.query;
        const matching = search ? deps.articleSlugs(search) : undefined;
        const articles = guide.articles.filter(
          (a) => (!category || a.category === category) && (!matching || matching.has(a.slug)),
        );
        return { articles: articles.map(summaryOf) };
      },
    );

    app.get(
      '/helpcenter/articles/:slug',
      {
        preHandler: app.authenticate,
        schema: {
          tags,
          summary: 'One article of the user guide as sanitised HTML, with its headings',
          params: helpArticleParamsSchema,
          response: { 200: helpArticleSchema, 404: errorBodySchema.describe('HELP_ARTICLE_NOT_FOUND') },
        },
      },
      async (request) => {
        const article = bySlug.get(request.params.slug);
        if (!article) throw helpDocsError('HELP_ARTICLE_NOT_FOUND', 'The user guide has no article at this address.');
        const { text: _text, ...answer } = article;
        return answer;
      },
    );

    app.get(
      '/helpcenter/faqs',
      {
        preHandler: app.authenticate,
        schema: { tags, summary: 'The frequently asked questions, with answers', response: { 200: helpFaqListSchema } },
      },
      async () => ({ faqs: guide.faqs.map(({ text: _text, ...faq }) => faq) }),
    );

    app.get(
      '/helpcenter/categories',
      {
        preHandler: app.authenticate,
        schema: {
          tags,
          summary: 'The categories of the user guide, in order, with how many articles each has',
          response: { 200: helpCategoryListSchema },
        },
      },
      async () => ({
        categories: guide.categories.map((c) => ({
          ...c,
          articleCount: guide.articles.filter((a) => a.category === c.id).length,
        })),
      }),
    );

    app.get(
      '/helpcenter/images/:name',
      {
        schema: {
          tags,
          summary: 'A screenshot of the user guide (public)',
          params: helpImageParamsSchema,
          produces: [...new Set(Object.values(imageTypes))],
          response: { 200: imageBytesSchema, 404: errorBodySchema.describe('HELP_IMAGE_NOT_FOUND') },
        },
      },
      async (request, reply) => {
        const { name } = request.params;
        // only names found in docs/guide/images at start: nothing else on disk can be reached
        const file = guide.images.get(name);
        if (!file) throw helpDocsError('HELP_IMAGE_NOT_FOUND', 'The user guide has no image of this name.');
        return reply
          .header('content-type', imageTypes[extname(name).toLowerCase()] ?? 'application/octet-stream')
          .header('cache-control', 'public, max-age=3600')
          .header('x-content-type-options', 'nosniff')
          .send(await readFile(file));
      },
    );
  };
}

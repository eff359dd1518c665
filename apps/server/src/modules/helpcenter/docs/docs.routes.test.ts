import type { HelpArticle, HelpCategoryList, HelpFaqList, HelpSearchResult } from '@tradedesk/contracts';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { type SignedInUser, signUpAndLogin } from '../../../../test/auth-helpers.js';
import { docsTestApp, writeFixtureGuide } from './docs.test-kit.js';

let app: FastifyInstance;
let user: SignedInUser;
const get = (url: string, who: SignedInUser | null = user) =>
  app.inject({ method: 'GET', url: `/api${url}`, headers: who ? who.auth : {} });

beforeAll(async () => {
  app = await docsTestApp(writeFixtureGuide());
  user = await signUpAndLogin(app);
});

describe('articles', () => {
  it('lists the articles by category order then their order, filtered by category and by search', async () => {
    const all = await get('/helpcenter/articles');
    expect(all.statusCode, all.body).toBe(200);
    expect(all.json()).toEqual({
      articles: [
        {
          slug: 'getting-started',
          title: 'Getting started',
          category: 'basics',
          summary: 'Sign in and look around.',
          order: 1,
        },
        { slug: 'charts', title: 'Charts', category: 'trading', summary: 'Timeframes and drawings.', order: 1 },
        {
          slug: 'orders',
          title: 'Orders and risk',
          category: 'trading',
          summary: 'Sizing by risk and stop losses.',
          order: 2,
        },
      ],
    });
    const slugs = async (q: string) =>
      ((await get(`/helpcenter/articles?${q}`)).json() as { articles: { slug: string }[] }).articles.map((a) => a.slug);
    expect(await slugs('category=trading')).toEqual(['charts', 'orders']);
    expect(await slugs('search=margin')).toEqual(['orders']);
    expect(await slugs('search=drawings&category=basics')).toEqual([]);
    expect((await get('/helpcenter/articles', null)).statusCode).toBe(401);
  });

  it('answers an article as sanitised HTML with anchored headings, links into the web and the API images', async () => {
    const res = await get('/helpcenter/articles/getting-started');
    expect(res.statusCode, res.body).toBe(200);
    const article = res.json() as HelpArticle;
    expect(article.headings).toEqual([
      { id: 'first-steps', text: 'First steps', level: 2 },
      { id: 'first-steps-1', text: 'First steps', level: 3 },
    ]);
    expect(article.html).toContain('<h2 id="first-steps">First steps</h2>');
    expect(article.html).toContain('<a href="/help/docs/orders#sizing">orders</a>');
    expect(article.html).toContain('<a href="/help/docs/faq">the FAQ</a>');
    expect(article.html).toContain('<img src="/api/helpcenter/images/chart.jpg" alt="The chart" loading="lazy" />');
    expect(article.html).not.toMatch(/missing\.jpg|<script|javascript:/);
  });

  it('answers 404 with a sentence for an unknown slug', async () => {
    const res = await get('/helpcenter/articles/no-such-article');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({
      code: 'HELP_ARTICLE_NOT_FOUND',
      message: 'The user guide has no article at this address.',
    });
  });
});

describe('FAQ and categories', () => {
  it('answers the FAQ with anchors and HTML answers', async () => {
    const { faqs } = (await get('/helpcenter/faqs')).json() as HelpFaqList;
    expect(faqs).toEqual([
      {
        id: 'are-the-prices-real',
        question: 'Are the prices real?',
        answerHtml: '<p>No: the market is <strong>simulated</strong> unless candles were imported.</p>',
      },
      {
        id: 'can-i-reset-an-account',
        question: 'Can I reset an account?',
        answerHtml: '<p>Yes, from <em>Account settings</em>.</p>',
      },
    ]);
  });

  it('answers the categories in order with their article counts', async () => {
    expect(((await get('/helpcenter/categories')).json() as HelpCategoryList).categories).toEqual([
      { id: 'basics', title: 'Basics', summary: 'The first steps.', articleCount: 1 },
      { id: 'trading', title: 'Trading', summary: 'Orders and risk.', articleCount: 2 },
    ]);
  });
});

describe('images', () => {
  it('serves a guide screenshot, signed out too, with its type', async () => {
    const res = await get('/helpcenter/images/chart.jpg', null);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
  });

  it('refuses every other name: unknown, not an image, and paths out of the folder', async () => {
    for (const name of [
      'missing.jpg',
      'notes.txt',
      '..%2Fsecret.txt',
      '..%2F..%2Ffaqs.md',
      '%2Fetc%2Fpasswd',
      '.jpg',
    ]) {
      const res = await get(`/helpcenter/images/${name}`, null);
      expect(res.statusCode, name).toBe(404);
      expect(res.json(), name).toMatchObject({ code: 'HELP_IMAGE_NOT_FOUND' });
    }
    expect((await get('/helpcenter/images/../secret.txt', null)).statusCode).toBe(404);
  });
});

describe('search', () => {
  it('finds articles and FAQ entries with their web paths and a snippet', async () => {
    const res = await get('/helpcenter/search?q=simulated');
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as HelpSearchResult).hits).toEqual([
      {
        kind: 'faq',
        id: 'are-the-prices-real',
        title: 'Are the prices real?',
        snippet: 'No: the market is simulated unless candles were imported.',
        path: '/help/docs/faq#are-the-prices-real',
        score: expect.any(Number),
      },
    ]);
    const sizing = (await get('/helpcenter/search?q=risk')).json() as HelpSearchResult;
    expect(sizing.hits.map((h) => [h.kind, h.path])).toEqual([['article', '/help/docs/orders']]);
    expect(sizing.hits[0]?.snippet).toContain('risk');
  });
});

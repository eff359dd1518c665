import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type {
  HelpArticle,
  HelpArticleList,
  HelpCategoryList,
  HelpFaqList,
  HelpSearchResult,
} from '@tradedesk/contracts';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../app/providers';
import { createAppStore } from '../../../app/store';
import { mockFetch } from '../../../test/fetch-mock';
import { signedInState } from '../../../test/render-app';
import { HelpCenterPage } from '../helpcenter-page';

const articles: HelpArticleList = {
  articles: [
    {
      slug: 'getting-started',
      title: 'Getting started',
      category: 'basics',
      summary: 'Sign in and look around.',
      order: 1,
    },
    { slug: 'orders-and-risk', title: 'Orders and risk', category: 'trading', summary: 'Sizing by risk.', order: 1 },
  ],
};
const categories: HelpCategoryList = {
  categories: [
    { id: 'basics', title: 'Getting started', summary: 'The first steps.', articleCount: 1 },
    { id: 'trading', title: 'Trading', summary: 'Orders and risk.', articleCount: 1 },
  ],
};
const orders: HelpArticle = {
  ...articles.articles[1]!,
  html: '<p>Size from a <strong>risk %</strong>. See <a href="/help/docs/getting-started">getting started</a>.</p><h2 id="sizing">Sizing</h2><p>Lots.</p>',
  headings: [{ id: 'sizing', text: 'Sizing', level: 2 }],
};
const faqs: HelpFaqList = {
  faqs: [{ id: 'are-the-prices-real', question: 'Are the prices real?', answerHtml: '<p>No, simulated.</p>' }],
};
const found: HelpSearchResult = {
  q: 'simulated',
  hits: [
    {
      kind: 'faq',
      id: 'are-the-prices-real',
      title: 'Are the prices real?',
      snippet: 'No, simulated.',
      path: '/help/docs/faq#are-the-prices-real',
      score: 3,
    },
  ],
};

function renderHelp(path: string) {
  const net = mockFetch({
    'GET /helpcenter/articles': { body: articles },
    'GET /helpcenter/categories': { body: categories },
    'GET /helpcenter/articles/orders-and-risk': { body: orders },
    'GET /helpcenter/faqs': { body: faqs },
    'GET /helpcenter/search': (req) => ({ body: { ...found, q: req.query.get('q') } }),
  });
  const router = createMemoryRouter([{ path: 'help/:tab?/:id?', element: <HelpCenterPage /> }], {
    initialEntries: [path],
  });
  render(
    <AppProviders store={createAppStore(signedInState())} withSession={false}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { net, router, user: userEvent.setup({ delay: null }) };
}

afterEach(() => vi.unstubAllGlobals());

describe('help center docs', { timeout: 20_000 }, () => {
  it('opens on the docs tab with the guide by category, and opens an article with its contents', async () => {
    const { router, user } = renderHelp('/help');
    expect(screen.getByRole('tab', { name: 'Docs' })).toHaveAttribute('aria-selected', 'true');
    const trading = await screen.findByRole('region', { name: 'Trading' });
    await user.click(within(trading).getByRole('link', { name: /Orders and risk/ }));
    expect(router.state.location.pathname).toBe('/help/docs/orders-and-risk');
    expect(await screen.findByRole('heading', { level: 2, name: 'Orders and risk' })).toBeInTheDocument();
    expect(screen.getByText('risk %')).toBeInTheDocument();
    const toc = screen.getByRole('navigation', { name: 'On this page' });
    expect(within(toc).getByRole('link', { name: 'Sizing' })).toBeInTheDocument();
    // a link inside the article moves within the app
    await user.click(screen.getByRole('link', { name: 'getting started' }));
    expect(router.state.location.pathname).toBe('/help/docs/getting-started');
  });

  it('shows the FAQ at /help/docs/faq', async () => {
    renderHelp('/help/docs/faq');
    expect(await screen.findByRole('heading', { name: 'Are the prices real?' })).toHaveAttribute(
      'id',
      'are-the-prices-real',
    );
  });

  it('searches the help center as you type and links each hit to its page', async () => {
    const { net, router, user } = renderHelp('/help/docs');
    await user.type(screen.getByRole('searchbox', { name: 'Search the help center' }), 'simulated');
    const results = await screen.findByRole('list', { name: 'Search results' });
    expect(net.callsTo('GET', '/helpcenter/search').at(-1)?.query.get('q')).toBe('simulated');
    await user.click(within(results).getByRole('link', { name: /Are the prices real/ }));
    expect(router.state.location.pathname).toBe('/help/docs/faq');
    expect(router.state.location.hash).toBe('#are-the-prices-real');
    expect(screen.queryByRole('list', { name: 'Search results' })).not.toBeInTheDocument();
  });
});

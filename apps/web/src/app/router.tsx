import type { RouteObject } from 'react-router';
import { ReferralLink } from '../features/billing/partners/referral-link';
import { RedirectIfSignedIn, RequireAuth } from './route-guards';

/**
 * Each area is its own chunk: a route's module exports `Component` (React Router lazy convention).
 * app-router.tsx renders this table. first-pages.ts lists the modules of each page for the server's
 * preloads and the bundle budgets: keep the two in step.
 */
export const routes: RouteObject[] = [
  {
    lazy: () => import('../features/auth/components/auth-layout'),
    children: [
      {
        element: <RedirectIfSignedIn prefetchDestination />,
        children: [{ path: 'sign-in', lazy: () => import('../features/auth/pages/sign-in-page') }],
      },
      {
        element: <RedirectIfSignedIn />,
        children: [{ path: 'sign-up', lazy: () => import('../features/auth/pages/sign-up-page') }],
      },
      { path: 'activate', lazy: () => import('../features/auth/pages/activate-page') },
      { path: 'resend-activation', lazy: () => import('../features/auth/pages/resend-activation-page') },
      { path: 'forgot-password', lazy: () => import('../features/auth/pages/forgot-password-page') },
      { path: 'reset-password', lazy: () => import('../features/auth/pages/reset-password-page') },
    ],
  },
  { path: 'dev/mailbox', lazy: () => import('../features/dev-mailbox/mailbox-page') },
  { path: 'dev/toasts', lazy: () => import('../features/dev-mailbox/toast-gallery-page') },
  // Public: a partner's referral link; it goes on to the API's click route, then to sign-up.
  { path: 'r/:code', Component: ReferralLink },
  // Public, signed in or out: a watchlist shared by its read-only link.
  { path: 'shared/watchlists/:token', lazy: () => import('../features/watchlists/shared-watchlist-page') },
  // Public, signed in or out: a chart shared by its read-only link.
  { path: 'shared/charts/:token', lazy: () => import('../features/charts/tools/shared-chart-page') },
  // Public: a closed trade shared by its owner's link.
  { path: 'shared/trades/:token', lazy: () => import('../features/positions/shared-trade-page') },
  // Public: an AI assistant chat shared by its owner's read-only link.
  { path: 'shared/ai/:token', lazy: () => import('../features/ai/shared-chat-page') },
  // Public: a published article by its author's (or a reader's) public link.
  {
    path: 'community/articles/shared/:token',
    lazy: () => import('../features/social/articles/shared-article-page'),
  },
  {
    element: <RequireAuth />,
    // Read by app-router.tsx: without a session nothing below is fetched, the guard shows the sign-in page.
    handle: { signedInOnly: true },
    children: [
      // Development only, left out of production builds: the workspace kit's gallery (shared/README.md).
      ...(import.meta.env.DEV ? [{ path: 'dev/kit', lazy: () => import('../features/dev-kit/kit-gallery-page') }] : []),
      {
        lazy: () => import('../features/shell/components/app-shell'),
        children: [
          { index: true, lazy: () => import('../features/home/home-page') },
          { path: 'watchlists', lazy: () => import('../features/watchlists/watchlists-page') },
          { path: 'settings/:page?', lazy: () => import('../features/settings/settings-page') },
          { path: 'chart', lazy: () => import('../features/charts/pages/chart-page') },
          { path: 'positions', lazy: () => import('../features/positions/positions-page') },
          { path: 'metrics', lazy: () => import('../features/metrics/metrics-page') },
          { path: 'strategies/:id?', lazy: () => import('../features/strategies/strategies-page') },

          {
            path: 'strategies/:id/editor',
            lazy: () => import('../features/strategy-editor/strategy-editor-page'),
          },

          { path: 'journal', lazy: () => import('../features/journal/journal-page') },
          { path: 'market-intelligence/calendar', lazy: () => import('../features/calendar/calendar-page') },
          // one route for the news screen and its provider pages (folder-2/:provider, read by the page): each route
          // lists its files in the entry chunk every page downloads
          { path: 'market-intelligence/news/*', lazy: () => import('../features/news/news-page') },
          { path: 'ai/agents/:agentId?', lazy: () => import('../features/ai/agents/agents-page') },
          // the AI screen: its chat, agent tab and insight view are in the query
          { path: 'ai/*', lazy: () => import('../features/ai/ai-page') },
          { path: 'community/articles', lazy: () => import('../features/social/articles/articles-page') },
          { path: 'community/articles/new', lazy: () => import('../features/social/articles/new-article-page') },
          { path: 'community/articles/:id', lazy: () => import('../features/social/articles/article-page') },
          {
            path: 'community/articles/:id/edit',
            lazy: () => import('../features/social/articles/article-edit-page'),
          },
          { path: 'messages', lazy: () => import('../features/social/messenger/messages-page') },
          // the community profile: mine, or someone's by username (tabs in the query)
          { path: 'community/profile', lazy: () => import('../features/social/profile/profile-page') },
          { path: 'community/profile/:username', lazy: () => import('../features/social/profile/profile-page') },
          { path: 'community', lazy: () => import('../features/social/feed/feed-page') },
          { path: 'community/bookmarks', lazy: () => import('../features/social/bookmarks/bookmarks-page') },
          { path: 'community/posts/:id', lazy: () => import('../features/social/posts/post-modal-page') },
          // a community's settings (tabs in the query)
          {
            path: 'communities/:handle/settings',
            lazy: () => import('../features/communities/settings/community-settings-page'),
          },
          // Communities (issue 16): Your Community and Discover, the creation wizard, an invite's accept page
          { path: 'help/:tab?/:id?', lazy: () => import('../features/helpcenter/helpcenter-page') },
          { path: 'staff/:section?/:id?', lazy: () => import('../features/staff/staff-console-page') },
          { path: 'communities', lazy: () => import('../features/communities/directory/communities-page') },
          { path: 'communities/new', lazy: () => import('../features/communities/wizard/new-community-page') },
          { path: 'communities/invite/:token', lazy: () => import('../features/communities/invite/invite-page') },
          // a community's page (issue 16 W2): tabs in the query (?tab=feed|channels|members|about&channel=<id>)
          { path: 'communities/:handle', lazy: () => import('../features/communities/page/community-page') },
          // Billing (issue 17): the built-in payment provider's pages, labelled "Test mode"
          {
            path: 'billing/test-mode/session/:id',
            lazy: () => import('../features/billing/payments/test-mode-session-page'),
          },
          {
            path: 'billing/test-mode/authenticate/:ref',
            lazy: () => import('../features/billing/payments/test-mode-authenticate-page'),
          },
          { path: '*', lazy: () => import('../features/shell/components/not-found-page') },
        ],
      },
    ],
  },
];

/**
 * The pages a visitor can open first, by address, with the lazy route modules the router fetches for each
 * (besides the entry chunk). The build writes this table beside the Vite manifest (`.vite/pages.json`), and
 * from the two:
 * - the server preloads the route chunks of the page it serves (`<link rel="modulepreload">` in index.html),
 *   choosing the signed-out page from the `signed_in` cookie as the router does;
 * - `npm run size` checks each page's JavaScript against its budget (apps/web/budgets.json);
 * - the e2e suite checks that Chromium fetches exactly these files for each page.
 * Keep it in step with router.tsx: a route module missing here is not preloaded, and the e2e check fails.
 */
export type FirstPage = {
  /** The page's name in the budgets and reports. */
  name: string;
  /** Addresses of the page: paths whose `:name` segments match any one segment, or `*` for any other path. */
  paths: string[];
  /** `signedIn`: the signed-in area, where a signed-out visitor gets the sign-in page instead (RequireAuth). */
  access: 'public' | 'signedIn';
  /** The page's lazy route modules, as the Vite manifest names them (paths relative to apps/web). */
  modules: string[];
};

const authLayout = 'src/features/auth/components/auth-layout.tsx';
/**
 * The signed-in shell, with what it loads lazily on every signed-in page as soon as it shows: the top bar's
 * trading account switcher and the host of the position event modals.
 */
const shell = [
  'src/features/shell/components/app-shell.tsx',
  'src/features/trading/accounts/account-switcher.tsx',
  'src/features/positions/position-events.tsx',
  // the bell, loaded by the shell right after it mounts
  'src/features/notifications/notifications-bell.tsx',
  // the top bar's New post button and the Messages item's unread count, loaded beside the shell
  'src/features/social/posts/composer/new-post-button.tsx',
  'src/features/social/messenger/messages-unread-badge.tsx',
];

/** Matched in order: the first page with a matching path wins. */
export const firstPages: FirstPage[] = [
  {
    name: 'sign-in',
    paths: ['/sign-in'],
    access: 'public',
    modules: [authLayout, 'src/features/auth/pages/sign-in-page.tsx'],
  },
  {
    name: 'sign-up',
    paths: ['/sign-up'],
    access: 'public',
    modules: [authLayout, 'src/features/auth/pages/sign-up-page.tsx'],
  },
  {
    name: 'activate',
    paths: ['/activate'],
    access: 'public',
    modules: [authLayout, 'src/features/auth/pages/activate-page.tsx'],
  },
  {
    name: 'resend-activation',
    paths: ['/resend-activation'],
    access: 'public',
    modules: [authLayout, 'src/features/auth/pages/resend-activation-page.tsx'],
  },
  {
    name: 'forgot-password',
    paths: ['/forgot-password'],
    access: 'public',
    modules: [authLayout, 'src/features/auth/pages/forgot-password-page.tsx'],
  },
  {
    name: 'reset-password',
    paths: ['/reset-password'],
    access: 'public',
    modules: [authLayout, 'src/features/auth/pages/reset-password-page.tsx'],
  },
  {
    name: 'dev-mailbox',
    paths: ['/dev/mailbox'],
    access: 'public',
    modules: ['src/features/dev-mailbox/mailbox-page.tsx'],
  },
  {
    name: 'dev-toasts',
    paths: ['/dev/toasts'],
    access: 'public',
    modules: ['src/features/dev-mailbox/toast-gallery-page.tsx'],
  },
  {
    name: 'shared-watchlist',
    paths: ['/shared/watchlists/:token'],
    access: 'public',
    modules: ['src/features/watchlists/shared-watchlist-page.tsx'],
  },
  {
    name: 'shared-chart',
    paths: ['/shared/charts/:token'],
    access: 'public',
    modules: ['src/features/charts/tools/shared-chart-page.tsx'],
  },
  {
    name: 'shared-trade',
    paths: ['/shared/trades/:token'],
    access: 'public',
    modules: ['src/features/positions/shared-trade-page.tsx'],
  },
  {
    name: 'shared-ai-chat',
    paths: ['/shared/ai/:token'],
    access: 'public',
    modules: ['src/features/ai/shared-chat-page.tsx'],
  },
  {
    name: 'shared-article',
    paths: ['/community/articles/shared/:token'],
    access: 'public',
    modules: ['src/features/social/articles/shared-article-page.tsx'],
  },
  {
    name: 'home',
    paths: ['/'],
    access: 'signedIn',
    modules: [...shell, 'src/features/home/home-page.tsx', 'src/features/trading/dashboard-trade-widget.tsx'],
  },
  {
    name: 'settings',
    paths: ['/settings', '/settings/:page'],
    access: 'signedIn',
    modules: [...shell, 'src/features/settings/settings-page.tsx'],
  },
  {
    name: 'chart',
    paths: ['/chart'],
    access: 'signedIn',
    modules: [...shell, 'src/features/charts/pages/chart-page.tsx', 'src/features/trading/chart-trading-panel.tsx'],
  },
  {
    name: 'positions',
    paths: ['/positions'],
    access: 'signedIn',
    modules: [...shell, 'src/features/positions/positions-page.tsx'],
  },
  {
    name: 'metrics',
    paths: ['/metrics'],
    access: 'signedIn',
    modules: [...shell, 'src/features/metrics/metrics-page.tsx'],
  },
  {
    name: 'strategies',
    paths: ['/strategies', '/strategies/:id'],
    access: 'signedIn',
    modules: [...shell, 'src/features/strategies/strategies-page.tsx'],
  },
  {
    name: 'strategy-editor',
    paths: ['/strategies/:id/editor'],
    access: 'signedIn',
    modules: [
      ...shell,
      'src/features/strategy-editor/strategy-editor-page.tsx',
      'src/features/strategy-editor/canvas/graph-editor.tsx',
      'src/features/strategy-editor/backtest/backtest-panel.tsx',
    ],
  },
  {
    name: 'journal',
    paths: ['/journal'],
    access: 'signedIn',
    modules: [...shell, 'src/features/journal/journal-page.tsx'],
  },
  {
    name: 'watchlists',
    paths: ['/watchlists'],
    access: 'signedIn',
    modules: [...shell, 'src/features/watchlists/watchlists-page.tsx'],
  },
  {
    name: 'calendar',
    paths: ['/market-intelligence/calendar'],
    access: 'signedIn',
    modules: [...shell, 'src/features/calendar/calendar-page.tsx'],
  },
  {
    name: 'news',
    paths: ['/market-intelligence/news', '/market-intelligence/news/folder-2/:provider'],
    access: 'signedIn',
    modules: [...shell, 'src/features/news/news-page.tsx'],
  },
  {
    name: 'ai-agents',
    paths: ['/ai/agents', '/ai/agents/:agentId'],
    access: 'signedIn',
    modules: [...shell, 'src/features/ai/agents/agents-page.tsx'],
  },
  {
    name: 'ai',
    paths: ['/ai'],
    access: 'signedIn',
    modules: [...shell, 'src/features/ai/ai-page.tsx'],
  },
  {
    name: 'community-profile',
    paths: ['/community/profile', '/community/profile/:username'],
    access: 'signedIn',
    modules: [...shell, 'src/features/social/profile/profile-page.tsx'],
  },
  {
    name: 'community',
    paths: ['/community'],
    access: 'signedIn',
    modules: [...shell, 'src/features/social/feed/feed-page.tsx'],
  },
  {
    name: 'community-bookmarks',
    paths: ['/community/bookmarks'],
    access: 'signedIn',
    modules: [...shell, 'src/features/social/bookmarks/bookmarks-page.tsx'],
  },
  {
    name: 'community-post',
    paths: ['/community/posts/:id'],
    access: 'signedIn',
    modules: [...shell, 'src/features/social/posts/post-modal-page.tsx'],
  },
  {
    name: 'communities',
    paths: ['/communities'],
    access: 'signedIn',
    modules: [...shell, 'src/features/communities/directory/communities-page.tsx'],
  },
  {
    name: 'community-new',
    paths: ['/communities/new'],
    access: 'signedIn',
    modules: [...shell, 'src/features/communities/wizard/new-community-page.tsx'],
  },
  {
    name: 'community-invite',
    paths: ['/communities/invite/:token'],
    access: 'signedIn',
    modules: [...shell, 'src/features/communities/invite/invite-page.tsx'],
  },
  {
    name: 'community-settings',
    paths: ['/communities/:handle/settings'],
    access: 'signedIn',
    modules: [...shell, 'src/features/communities/settings/community-settings-page.tsx'],
  },
  {
    name: 'community-page',
    paths: ['/communities/:handle'],
    access: 'signedIn',
    modules: [...shell, 'src/features/communities/page/community-page.tsx'],
  },
  {
    name: 'test-mode-session',
    paths: ['/billing/test-mode/session/:id'],
    access: 'signedIn',
    modules: [...shell, 'src/features/billing/payments/test-mode-session-page.tsx'],
  },
  {
    name: 'test-mode-authenticate',
    paths: ['/billing/test-mode/authenticate/:ref'],
    access: 'signedIn',
    modules: [...shell, 'src/features/billing/payments/test-mode-authenticate-page.tsx'],
  },
  {
    name: 'articles',
    paths: ['/community/articles'],
    access: 'signedIn',
    modules: [...shell, 'src/features/social/articles/articles-page.tsx'],
  },
  {
    // starts a draft and opens it in the editor at once
    name: 'article-new',
    paths: ['/community/articles/new'],
    access: 'signedIn',
    modules: [
      ...shell,
      'src/features/social/articles/new-article-page.tsx',
      'src/features/social/articles/article-edit-page.tsx',
      'src/features/social/articles/article-editor.tsx',
    ],
  },
  {
    // the TipTap editor comes once the draft has loaded (article-editor.tsx, a lazy chunk of its own)
    name: 'article-edit',
    paths: ['/community/articles/:id/edit'],
    access: 'signedIn',
    modules: [...shell, 'src/features/social/articles/article-edit-page.tsx'],
  },
  {
    name: 'article',
    paths: ['/community/articles/:id'],
    access: 'signedIn',
    modules: [...shell, 'src/features/social/articles/article-page.tsx'],
  },
  {
    name: 'messages',
    paths: ['/messages'],
    access: 'signedIn',
    modules: [...shell, 'src/features/social/messenger/messages-page.tsx'],
  },
  {
    name: 'help',
    paths: ['/help', '/help/:tab', '/help/:tab/:id'],
    access: 'signedIn',
    modules: [...shell, 'src/features/helpcenter/helpcenter-page.tsx'],
  },
  {
    name: 'staff',
    paths: ['/staff', '/staff/:section', '/staff/:section/:id'],
    access: 'signedIn',
    modules: [...shell, 'src/features/staff/staff-console-page.tsx'],
  },
  {
    name: 'not-found',
    paths: ['*'],
    access: 'signedIn',
    modules: [...shell, 'src/features/shell/components/not-found-page.tsx'],
  },
];

/** The page a signed-out visitor of the signed-in area is sent to. */
export const signInPage = 'sign-in';

import type { RouteObject } from 'react-router';
import { RedirectIfSignedIn, RequireAuth } from './route-guards';

/**
 * Each area is its own chunk: a route's module exports `Component` (React Router lazy convention).
 * app-router.tsx renders this table.
 */
export const routes: RouteObject[] = [
  {
    lazy: () => import('../features/auth/components/auth-layout'),
    children: [
      {
        element: <RedirectIfSignedIn />,
        children: [
          { path: 'sign-in', lazy: () => import('../features/auth/pages/sign-in-page') },
          { path: 'sign-up', lazy: () => import('../features/auth/pages/sign-up-page') },
        ],
      },
      { path: 'activate', lazy: () => import('../features/auth/pages/activate-page') },
      { path: 'resend-activation', lazy: () => import('../features/auth/pages/resend-activation-page') },
      { path: 'forgot-password', lazy: () => import('../features/auth/pages/forgot-password-page') },
      { path: 'reset-password', lazy: () => import('../features/auth/pages/reset-password-page') },
    ],
  },
  { path: 'dev/mailbox', lazy: () => import('../features/dev-mailbox/mailbox-page') },
  {
    element: <RequireAuth />,
    children: [
      {
        lazy: () => import('../features/shell/components/app-shell'),
        children: [
          { index: true, lazy: () => import('../features/home/home-page') },
          { path: 'settings/:page?', lazy: () => import('../features/settings/settings-page') },
          { path: '*', lazy: () => import('../features/shell/components/not-found-page') },
        ],
      },
    ],
  },
];

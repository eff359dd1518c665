import { lazy } from 'react';
import type { HelpTab } from '../helpcenter-tabs';

/** The posts' tabs of the help center (bugs, feature requests, what's new, tutorials), each loaded with its tab. */
export const postTabs: HelpTab[] = [
  { id: 'bugs_report', label: 'Bugs', Component: lazy(() => import('./bugs-tab')) },
  { id: 'all_requests', label: 'Feature requests', Component: lazy(() => import('./features-tab')) },
  { id: 'whats_new', label: 'What’s new', Component: lazy(() => import('./whats-new-tab')) },
  { id: 'tutorials', label: 'Tutorials', Component: lazy(() => import('./tutorials-tab')) },
];

import { lazy } from 'react';
import type { StaffSection } from '../staff-sections';

const triage = () => import('./triage-section');

/** The help-center posts' staff sections: triage of bugs and feature requests, publishing, quick feedback. */
export const triageSections: StaffSection[] = [
  { id: 'bugs', label: 'Bugs', Component: lazy(() => triage().then((m) => ({ default: m.BugTriageSection }))) },
  {
    id: 'feature_requests',
    label: 'Feature requests',
    Component: lazy(() => triage().then((m) => ({ default: m.FeatureTriageSection }))),
  },
  {
    id: 'publishing',
    label: 'Publishing',
    Component: lazy(() => import('../publishing/publishing-section').then((m) => ({ default: m.PublishingSection }))),
  },
  {
    id: 'feedback',
    label: 'Feedback',
    Component: lazy(() => import('./feedback-section').then((m) => ({ default: m.FeedbackSection }))),
  },
];

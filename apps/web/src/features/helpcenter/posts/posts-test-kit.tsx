import type { HelpPost, HelpPostPage } from '@tradedesk/contracts';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { renderWithStore } from '../../../shared/test/render-with-store';

/** Test data and rendering for the posts' tabs and staff sections (web tests only). */
export const ME = { id: '00000000-0000-4000-8000-000000000001', name: 'Ada Lovelace', avatarUrl: null, isStaff: false };

export function postId(n: number): string {
  return `00000000-0000-4000-9000-${String(n).padStart(12, '0')}`;
}

export function helpPost(n: number, overrides: Partial<HelpPost> = {}): HelpPost {
  const id = postId(n);
  return {
    id,
    kind: 'bug',
    title: `Post number ${n}`,
    body: `The text of post ${n}.`,
    status: 'open',
    author: ME,
    createdAt: '2026-03-01T08:00:00.000Z',
    updatedAt: '2026-03-01T08:00:00.000Z',
    commentCount: 0,
    likeCount: 0,
    liked: false,
    likeUrl: `/api/helpcenter/posts/${id}/like`,
    unlikeUrl: `/api/helpcenter/posts/${id}/unlike`,
    canDelete: true,
    votes: null,
    mergedIntoId: null,
    changelogId: null,
    context: null,
    screenshotUrl: null,
    version: null,
    featureIds: [],
    videoUrl: null,
    ...overrides,
  };
}

export function postPage(items: HelpPost[], total = items.length): HelpPostPage {
  return { items, page: 1, limit: 10, total };
}

export const emptyComments = { body: { items: [], page: 1, limit: 50, total: 0 } };
export const emptyActivity = { body: { items: [] } };
export const nothingSaved = {
  status: 404,
  body: { statusCode: 404, code: 'USER_DATA_NOT_FOUND', message: 'Nothing saved.' },
};

/** Renders `ui` under the store and a router at `url` (`pattern` gives the route its params). */
export function renderAt(url: string, ui: ReactNode, pattern = '*') {
  return renderWithStore(
    <MemoryRouter initialEntries={[url]}>
      <Routes>
        <Route path={pattern} element={ui} />
      </Routes>
    </MemoryRouter>,
  );
}

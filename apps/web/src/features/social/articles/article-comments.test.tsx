import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Article, ArticleComment, ArticleCommentReply } from '@tradedesk/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithStore } from '../../../shared/test/render-with-store';
import { mockFetch } from '../../../test/fetch-mock';
import { ArticleComments } from './article-comments';

const ARTICLE = '22222222-2222-4222-8222-222222222222';
const article = {
  id: ARTICLE,
  status: 'published',
  canComment: true,
  counts: { likes: 0, comments: 5, reposts: 0 },
} as Article;
const person = (id: string, name: string) => ({
  id,
  username: name.toLowerCase(),
  displayName: name,
  avatarUrl: null,
  isPublic: true,
  following: false,
});
const reply = (n: number, parentId: string): ArticleCommentReply => ({
  id: `3333333${n}-3333-4333-8333-333333333333`,
  articleId: ARTICLE,
  parentId,
  author: person(`4444444${n}-4444-4444-8444-444444444444`, `Writer${n}`),
  content: `Reply ${n}`,
  createdAt: '2026-03-06T10:00:00.000Z',
  editedAt: null,
  canEdit: false,
  canDelete: false,
});
const TOP = '55555555-5555-4555-8555-555555555555';
const top: ArticleComment = {
  ...reply(0, TOP),
  id: TOP,
  parentId: null,
  author: person('66666666-6666-4666-8666-666666666666', 'Kenji'),
  content: 'Where is the range top?',
  replies: [reply(1, TOP), reply(2, TOP), reply(3, TOP)],
  replyCount: 4,
};
const page = (items: unknown[], total = items.length) => ({ items, page: 1, limit: 20, total });

afterEach(() => vi.unstubAllGlobals());

describe('article comments', () => {
  it('shows the first replies under their comment, the rest on demand, and replies to a comment', async () => {
    const net = mockFetch({
      [`GET /community/articles/${ARTICLE}/comments`]: (req) =>
        req.query.get('parent_id') === TOP
          ? { body: page([reply(1, TOP), reply(2, TOP), reply(3, TOP), reply(4, TOP)]) }
          : { body: page([top]) },
      [`POST /community/articles/${ARTICLE}/comments`]: {
        status: 201,
        body: { ...reply(5, TOP), replies: [], replyCount: 0 },
      },
    });
    renderWithStore(<ArticleComments article={article} />);
    const thread = await screen.findByRole('list', { name: 'Replies' });
    expect(
      within(thread)
        .getAllByRole('listitem')
        .map((li) => li.getAttribute('aria-label')),
    ).toEqual(['Comment by Writer1', 'Comment by Writer2', 'Comment by Writer3']);
    await userEvent.click(screen.getByRole('button', { name: 'Show 1 more reply' }));
    expect(await screen.findByText('Reply 4')).toBeInTheDocument();
    expect(net.callsTo('GET', `/community/articles/${ARTICLE}/comments`).at(-1)!.query.get('parent_id')).toBe(TOP);

    await userEvent.click(screen.getByRole('button', { name: 'Reply to Kenji' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Reply to Kenji' }), 'At 1.0950');
    await userEvent.click(screen.getByRole('button', { name: 'Reply' }));
    await waitFor(() => expect(net.callsTo('POST', `/community/articles/${ARTICLE}/comments`)).toHaveLength(1));
    expect(net.callsTo('POST', `/community/articles/${ARTICLE}/comments`)[0]!.body).toEqual({
      content: 'At 1.0950',
      parent_id: TOP,
    });
    // replies take no reply of their own
    expect(screen.queryByRole('button', { name: 'Reply to Writer1' })).toBeNull();
  }, 60_000);

  it('reports a comment with a reason through the same dialog as post comments', async () => {
    const net = mockFetch({
      [`GET /community/articles/${ARTICLE}/comments`]: { body: page([top]) },
      [`POST /community/articles/${ARTICLE}/comments/${reply(2, TOP).id}/report`]: {
        status: 201,
        body: { id: '77777777-7777-4777-8777-777777777777', status: 'open', createdAt: '2026-03-06T10:00:00.000Z' },
      },
    });
    renderWithStore(<ArticleComments article={article} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Report comment by Writer2' }));
    const dialog = await screen.findByRole('dialog', { name: 'Report this comment' });
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Reason' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Harassment' }));
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Details (optional)' }), 'Insults.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Report' }));
    await waitFor(() =>
      expect(net.callsTo('POST', `/community/articles/${ARTICLE}/comments/${reply(2, TOP).id}/report`)).toHaveLength(1),
    );
    expect(net.callsTo('POST', `/community/articles/${ARTICLE}/comments/${reply(2, TOP).id}/report`)[0]!.body).toEqual({
      reason: 'harassment',
      details: 'Insults.',
    });
    expect(await screen.findByText('Thanks: the comment was reported and staff will review it.')).toBeInTheDocument();
  }, 60_000);
});

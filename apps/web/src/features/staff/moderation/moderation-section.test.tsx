import { screen, within } from '@testing-library/react';
import type { ModerationItem } from '@tradedesk/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderConsole } from '../test/staff-test-utils';

const ARTICLE = '22222222-2222-4222-8222-222222222222';
const COMMENT = '33333333-3333-4333-8333-333333333333';
const hidden: ModerationItem = {
  kind: 'article_comment',
  targetId: COMMENT,
  target: {
    ownerId: '44444444-4444-4444-8444-444444444444',
    excerpt: 'Pump and dump',
    link: `/community/articles/${ARTICLE}?comment=${COMMENT}`,
  },
  hidden: true,
  pendingReview: true,
  openReports: 3,
  totalReports: 3,
  reasons: { spam: 3 },
  firstReportedAt: '2026-03-06T09:00:00.000Z',
  lastReportedAt: '2026-03-06T10:00:00.000Z',
  reports: [],
  history: [{ action: 'auto_hide', actorId: null, note: 'Hidden after 3 reports, pending review.', createdAt: '' }],
};

beforeEach(() => {
  // jsdom lays nothing out: give the table's scrolling area a height, as a browser would.
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(600);
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('staff console, moderation', { timeout: 30_000 }, () => {
  it('lists a reported article comment, hidden pending review, and restores it', async () => {
    const { server, user } = renderConsole('/staff/moderation', 'staff', {
      'GET /moderation/reports': { body: { items: [hidden], page: 1, limit: 20, total: 1 } },
      [`POST /moderation/reports/article_comment/${COMMENT}/restore`]: {
        body: { ...hidden, hidden: false, pendingReview: false, openReports: 0 },
      },
    });
    const table = await screen.findByRole('grid', { name: 'Reported items' });
    const row = (await within(table).findByText('Article comment')).closest('[role="row"]') as HTMLElement;
    expect(within(row).getByRole('link', { name: 'Pump and dump' })).toHaveAttribute(
      'href',
      `/community/articles/${ARTICLE}?comment=${COMMENT}`,
    );
    expect(within(row).getByText('Hidden, pending review')).toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: 'Restore: article comment Pump and dump' }));
    const dialog = await screen.findByRole('dialog', { name: 'Show this item again?' });
    await user.type(within(dialog).getByRole('textbox'), 'Not spam.');
    await user.click(within(dialog).getByRole('button', { name: 'Restore' }));
    await vi.waitFor(() =>
      expect(server.callsTo(`POST /moderation/reports/article_comment/${COMMENT}/restore`)).toHaveLength(1),
    );
    expect(server.callsTo(`POST /moderation/reports/article_comment/${COMMENT}/restore`)[0]?.body).toEqual({
      note: 'Not spam.',
    });
  });
});
